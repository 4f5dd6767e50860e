import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../../shared/ui/submit-form.tsx';
import { CompanySelect } from './company-select.tsx';

export interface CompanyChoiceModalProps {
  title: string;
  /** Text above the field (e.g. who moves from which company). */
  intro?: ReactNode;
  /** The field's label, also named by its "required" message. */
  label: string;
  /** The company the item is in now: not offered. */
  currentCompanyId: number | null;
  /** Whether the dialog shows (default true, for dialogs mounted only while open). */
  opened?: boolean;
  onClose: () => void;
  /** Saving: the button spins and the dialog stays. */
  pending: boolean;
  /** The save failure, translated (null when none). */
  error: string | null;
  /** Called with the chosen company; the caller saves it. */
  onChoose: (companyId: number) => void;
}

/**
 * A dialog to pick another company of the site, required (users move between companies from the admin search and
 * from global settings). The choice is forgotten when the dialog closes.
 */
export function CompanyChoiceModal({
  title,
  intro,
  label,
  currentCompanyId,
  opened = true,
  onClose,
  pending,
  error,
  onChoose,
}: CompanyChoiceModalProps) {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const close = () => {
    setCompanyId(null);
    setMissing(false);
    onClose();
  };
  return (
    <ModalForm
      opened={opened}
      onClose={close}
      title={title}
      onSubmit={(event) => {
        event.preventDefault();
        if (companyId === null) setMissing(true);
        else onChoose(companyId);
      }}
      pending={pending}
      error={error}
      intro={intro}
      submitLabel={t('common.save')}
    >
      <CompanySelect
        label={label}
        required
        value={companyId}
        exclude={currentCompanyId === null ? [] : [currentCompanyId]}
        onChange={(id) => {
          setCompanyId(id);
          setMissing(false);
        }}
        error={missing ? t('validation.required', { field: label }) : undefined}
      />
    </ModalForm>
  );
}
