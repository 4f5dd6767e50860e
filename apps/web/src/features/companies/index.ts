// The companies feature's public face: the company list (admin search filters, global settings) and a company
// picker field; the /overview screen is composed in app/routes.
export { companyHref } from './api/companies-api.ts';
export { CompanySelect, type CompanySelectProps } from './components/company-select.tsx';
export {
  CompanyChoiceModal,
  type CompanyChoiceModalProps,
} from './components/company-choice-modal.tsx';
