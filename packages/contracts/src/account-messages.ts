import type { TLocale } from '@ingressos/domain';

/**
 * The validation messages of the account forms (spec §5), in Portuguese for Brazilians and
 * English for others. The zod schemas carry these keys as issue messages; the API answers and
 * the forms show the text through `accountMessage`. Quoted spec messages keep their spelling.
 */
export const ACCOUNT_MESSAGES = {
  nationalityRequired: { 'pt-BR': 'A nacionalidade é obrigatória', en: 'Nationality is required' },
  nameRequired: { 'pt-BR': 'O nome é obrigatório', en: 'Name is required' },
  nameEmail: { 'pt-BR': 'O nome não pode ser um e-mail', en: 'Name cannot be an e-mail' },
  nameFull: { 'pt-BR': 'Informe nome e sobrenome', en: 'Enter your first and last name' },
  nameCharacters: { 'pt-BR': 'O nome contém caracteres inválidos', en: 'Name contains invalid characters' },
  nameTooLong: {
    'pt-BR': 'O nome deve ter no máximo 120 caracteres',
    en: 'Name must have at most 120 characters',
  },
  phoneRequired: { 'pt-BR': 'O telefone é obrigatório', en: 'Phone number is required' },
  phoneMin: {
    'pt-BR': 'O telefone deve ter ao menos 8 dígitos',
    en: 'Phone number must have at least 8 digits',
  },
  phoneInvalid: { 'pt-BR': 'Telefone inválido', en: 'Invalid phone number' },
  ddiInvalid: { 'pt-BR': 'Código do país inválido', en: 'Invalid country code' },
  emailRequired: { 'pt-BR': 'O e-mail é obrigatório', en: 'E-mail is required' },
  emailInvalid: { 'pt-BR': 'E-mail inválido', en: 'Invalid e-mail' },
  emailTaken: { 'pt-BR': 'Este e-mail já está cadastrado', en: 'This e-mail is already registered' },
  passwordRequired: { 'pt-BR': 'A senha é obrigatória', en: 'Password is required' },
  passwordWeak: {
    'pt-BR': 'A senha deve ter ao menos 8 caracteres, com letra maiúscula, letra minúscula, número e símbolo',
    en: 'Password must have at least 8 characters, with an upper-case letter, a lower-case letter, a digit and a symbol',
  },
  passwordTooLong: {
    'pt-BR': 'A senha deve ter no máximo 256 caracteres',
    en: 'Password must have at most 256 characters',
  },
  confirmPasswordRequired: { 'pt-BR': 'Confirme a senha', en: 'Confirm your password' },
  passwordMismatch: { 'pt-BR': 'A senha não confere', en: 'Passwords do not match' },
  cpfRequired: { 'pt-BR': 'O CPF é obrigatório', en: 'CPF is required' },
  cpfInvalid: { 'pt-BR': 'Informe um CPF válido', en: 'Enter a valid CPF' },
  documentRequired: { 'pt-BR': 'O documento é obrigatório', en: 'Document is required' },
  documentInvalid: {
    'pt-BR': 'Informe um documento válido: 3 a 30 letras, números ou - . / + * <',
    en: 'Enter a valid document: 3 to 30 letters, digits or - . / + * <',
  },
  birthDateRequired: { 'pt-BR': 'A data de nascimento é obrigatória', en: 'Birth date is required' },
  birthDateInvalid: {
    'pt-BR': 'Informe uma data de nascimento válida (DD/MM/AAAA)',
    en: 'Enter a valid birth date (YYYY-MM-DD)',
  },
  responsibleRequired: {
    'pt-BR': 'CPF do responsável obrigatório para menores',
    en: "A legal guardian's document is required for minors",
  },
  responsibleCpfInvalid: {
    'pt-BR': 'Informe um CPF do responsável válido',
    en: "Enter a valid guardian's CPF",
  },
  responsibleDocumentInvalid: {
    'pt-BR': 'Informe um documento do responsável válido',
    en: "Enter a valid guardian's document: 3 to 30 letters, digits or - . / + * <",
  },
  responsibleSame: {
    'pt-BR': 'O documento do responsável deve ser diferente do seu',
    en: "The guardian's document must differ from yours",
  },
  genderRequired: { 'pt-BR': 'O gênero é obrigatório', en: 'Gender is required' },
  stateRequired: { 'pt-BR': 'O estado é obrigatório', en: 'State is required' },
  cityRequired: { 'pt-BR': 'A cidade é obrigatória', en: 'City is required' },
  captchaRequired: { 'pt-BR': 'O Captcha é obrigatório', en: 'Captcha is required' },
  loginRequired: { 'pt-BR': 'O e-mail ou CPF é obrigatório', en: 'E-mail or document is required' },
  loginInvalid: { 'pt-BR': 'E-mail ou CPF inválido', en: 'Invalid e-mail or document' },
  resetIdentifierInvalid: {
    'pt-BR': 'Informe um documento ou e-mail válido',
    en: 'Enter a valid document or e-mail',
  },
  resetLinkInvalid: { 'pt-BR': 'Link de redefinição inválido', en: 'Invalid reset link' },
  emailChangeLinkInvalid: { 'pt-BR': 'Link de confirmação inválido', en: 'Invalid confirmation link' },
  codeInvalid: { 'pt-BR': 'Informe o código de 6 dígitos', en: 'Enter the 6-digit code' },
  userIdInvalid: { 'pt-BR': 'Usuário inválido', en: 'Invalid user' },
  invalidField: { 'pt-BR': 'Campo inválido', en: 'Invalid field' },
} as const satisfies Record<string, Record<TLocale, string>>;

export type TAccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

export function isAccountMessageKey(key: string): key is TAccountMessageKey {
  return Object.hasOwn(ACCOUNT_MESSAGES, key);
}

/** The text of a schema issue; anything zod wrote itself becomes the generic "invalid field". */
export function accountMessage(key: string | undefined, locale: TLocale): string {
  return ACCOUNT_MESSAGES[key && isAccountMessageKey(key) ? key : 'invalidField'][locale];
}
