/** Code lists of the specification (§3). Currency and nationality lists come with the e-services work. */
export interface CodeItem {
  code: string;
  label: string;
}

export const YES_NO: readonly CodeItem[] = [
  { code: 'Y', label: 'Yes' },
  { code: 'N', label: 'No' },
];

export const ENTITY_TYPES: readonly CodeItem[] = [
  { code: 'NI', label: 'Entity' },
  { code: 'I', label: 'Individual' },
];

export const GENDERS: readonly CodeItem[] = [
  { code: 'M', label: 'Male' },
  { code: 'F', label: 'Female' },
];
