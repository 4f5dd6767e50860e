// The companies feature's public face: a company picker field and the company choice modal (admin search filters,
// global settings; the company list itself is entities/company); the /overview screen is composed in app/routes.
export { companyHref } from './api/companies-api.ts';
export { CompanySelect, type CompanySelectProps } from './components/company-select.tsx';
export {
  CompanyChoiceModal,
  type CompanyChoiceModalProps,
} from './components/company-choice-modal.tsx';
