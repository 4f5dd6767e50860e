import { TextInput } from '@mantine/core';

/** A text field's props: form name, label, value, change handler and error. */
export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error?: string | undefined;
}

/** An e-mail address field, required, with the e-mail keyboard on phones. */
export function EmailField(props: TextFieldProps) {
  return <TextInput type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** First and last name, both required: the same pair in registration and the profile form. */
export function NameFields({ first, last }: { first: TextFieldProps; last: TextFieldProps }) {
  return (
    <>
      <TextInput autoComplete="given-name" required {...first} />
      <TextInput autoComplete="family-name" required {...last} />
    </>
  );
}
