import { describe, expect, it } from 'vitest';
import { accountMessage } from './account-messages.ts';
import {
  registrationLocale,
  ZForgotPasswordForm,
  ZLoginForm,
  ZMatchCodeRequest,
  ZNewResetPasswordForm,
  ZRegisterForm,
  ZSendResetPasswordRequest,
  ZUpdateAccountRequest,
} from './accounts.ts';

/** Every message a person would see for a payload, by field, in the language §5 picks. */
function messages(
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
  locale?: 'pt-BR' | 'en',
) {
  const lang = locale ?? registrationLocale(value, 'pt-BR');
  const result: Record<string, string[]> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    result[key] = [...(result[key] ?? []), accountMessage(issue.message, lang)];
  }
  return result;
}

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d;
};
const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const brazilian = {
  nationality: 0,
  name: 'Ana Silva',
  email: 'ana@exemplo.com',
  password: 'Segura#2026',
  confirmPassword: 'Segura#2026',
  ddiPhone: '+55',
  phone: '11987654321',
  cpf: '529.982.247-25',
  birthDate: '20/05/1990',
  responsibleCPF: '',
  gender: 2,
  stateID: 35,
  cityID: 3550308,
  acceptTerms: true,
  captcha: 'token',
};
const foreigner = {
  ...brazilian,
  nationality: 1,
  name: 'John Smith',
  ddiPhone: '+1',
  phone: '2025550123',
  cpf: 'X1234567',
  birthDate: '1990-05-20',
  stateID: null,
  cityID: null,
};

describe('register form (spec §5), Portuguese for Brazilians and English for others', () => {
  it('accepts a Brazilian adult and a foreign adult', () => {
    expect(messages(ZRegisterForm, brazilian)).toEqual({});
    expect(messages(ZRegisterForm, foreigner)).toEqual({});
  });

  it('wants the terms and the privacy policy accepted, in the visitor language', () => {
    expect(messages(ZRegisterForm, { ...brazilian, acceptTerms: false }).acceptTerms).toEqual([
      'Aceite os Termos de uso e a Política de privacidade para criar sua conta',
    ]);
    expect(messages(ZRegisterForm, { ...foreigner, acceptTerms: undefined }).acceptTerms).toEqual([
      'Accept the Terms of use and the Privacy policy to create your account',
    ]);
  });

  it('requires the nationality', () => {
    expect(messages(ZRegisterForm, { ...brazilian, nationality: undefined }).nationality).toEqual([
      'A nacionalidade é obrigatória',
    ]);
    expect(messages(ZRegisterForm, { ...brazilian, nationality: 7 }, 'en').nationality).toEqual([
      'Nationality is required',
    ]);
  });

  it.each([
    ['', 'O nome é obrigatório', 'Name is required'],
    ['ana@exemplo.com', 'O nome não pode ser um e-mail', 'Name cannot be an e-mail'],
    ['Ana', 'Informe nome e sobrenome', 'Enter your first and last name'],
    ['A Silva', 'Informe nome e sobrenome', 'Enter your first and last name'],
  ])('refuses the name %j', (name, pt, en) => {
    expect(messages(ZRegisterForm, { ...brazilian, name }).name).toEqual([pt]);
    expect(messages(ZRegisterForm, { ...foreigner, name }).name).toEqual([en]);
  });

  it.each([
    ['', 'O telefone é obrigatório', 'Phone number is required'],
    ['1234567', 'O telefone deve ter ao menos 8 dígitos', 'Phone number must have at least 8 digits'],
    ['12 3456-7890', 'Telefone inválido', 'Invalid phone number'],
  ])('refuses the phone %j', (phone, pt, en) => {
    expect(messages(ZRegisterForm, { ...brazilian, phone }).phone).toEqual([pt]);
    expect(messages(ZRegisterForm, { ...foreigner, phone }).phone).toEqual([en]);
  });

  it('wants area code and 8 or 9 digits for +55, 8 to 15 digits elsewhere', () => {
    expect(messages(ZRegisterForm, { ...brazilian, phone: '119876543' }).phone).toEqual([
      'Telefone inválido',
    ]);
    expect(messages(ZRegisterForm, { ...brazilian, phone: '1133334444' })).toEqual({});
    expect(messages(ZRegisterForm, { ...foreigner, phone: '12345678901234567' }).phone).toEqual([
      'Invalid phone number',
    ]);
  });

  it.each([
    ['', 'O e-mail é obrigatório', 'E-mail is required'],
    ['ana@exemplo', 'E-mail inválido', 'Invalid e-mail'],
  ])('refuses the e-mail %j', (email, pt, en) => {
    expect(messages(ZRegisterForm, { ...brazilian, email }).email).toEqual([pt]);
    expect(messages(ZRegisterForm, { ...foreigner, email }).email).toEqual([en]);
  });

  it.each(['', 'curta1!', 'semmaiuscula1!', 'SEMMINUSCULA1!', 'SemNumero!', 'SemSimbolo1'])(
    'refuses the password %j',
    (password) => {
      const pt = messages(ZRegisterForm, { ...brazilian, password, confirmPassword: password }).password;
      const en = messages(ZRegisterForm, { ...foreigner, password, confirmPassword: password }).password;
      expect(pt).toEqual([
        password
          ? 'A senha deve ter ao menos 8 caracteres, com letra maiúscula, letra minúscula, número e símbolo'
          : 'A senha é obrigatória',
      ]);
      expect(en).toEqual([
        password
          ? 'Password must have at least 8 characters, with an upper-case letter, a lower-case letter, a digit and a symbol'
          : 'Password is required',
      ]);
    },
  );

  it('accepts a 64+ character pass-phrase', () => {
    const password = `Uma frase longa, com número 7 e ${'palavras '.repeat(8)}`;
    expect(messages(ZRegisterForm, { ...brazilian, password, confirmPassword: password })).toEqual({});
  });

  it('wants the confirmation equal to the password', () => {
    expect(messages(ZRegisterForm, { ...brazilian, confirmPassword: 'Outra#2026' }).confirmPassword).toEqual([
      'A senha não confere',
    ]);
    expect(messages(ZRegisterForm, { ...foreigner, confirmPassword: 'Other#2026' }).confirmPassword).toEqual([
      'Passwords do not match',
    ]);
    expect(messages(ZRegisterForm, { ...brazilian, confirmPassword: '' }).confirmPassword).toEqual([
      'Confirme a senha',
    ]);
  });

  it('wants a valid CPF from Brazilians', () => {
    expect(messages(ZRegisterForm, { ...brazilian, cpf: '529.982.247-24' }).cpf).toEqual([
      'Informe um CPF válido',
    ]);
    expect(messages(ZRegisterForm, { ...brazilian, cpf: '111.111.111-11' }).cpf).toEqual([
      'Informe um CPF válido',
    ]);
    expect(messages(ZRegisterForm, { ...brazilian, cpf: '' }).cpf).toEqual(['O CPF é obrigatório']);
    expect(messages(ZRegisterForm, { ...brazilian, cpf: '52998224725' })).toEqual({});
  });

  it('wants 3 to 30 allowed characters from others', () => {
    expect(messages(ZRegisterForm, { ...foreigner, cpf: 'AB' }).cpf).toEqual([
      'Enter a valid document: 3 to 30 letters, digits or - . / + * <',
    ]);
    expect(messages(ZRegisterForm, { ...foreigner, cpf: 'AB_123' }).cpf).toHaveLength(1);
    expect(messages(ZRegisterForm, { ...foreigner, cpf: 'A'.repeat(31) }).cpf).toHaveLength(1);
    expect(messages(ZRegisterForm, { ...foreigner, cpf: '' }).cpf).toEqual(['Document is required']);
    expect(messages(ZRegisterForm, { ...foreigner, cpf: 'P<BRA 12.3/4-5+*' })).toEqual({});
  });

  it('reads the birth date as DD/MM/YYYY for Brazilians and YYYY-MM-DD for others', () => {
    expect(messages(ZRegisterForm, { ...brazilian, birthDate: '1990-05-20' }).birthDate).toEqual([
      'Informe uma data de nascimento válida (DD/MM/AAAA)',
    ]);
    expect(messages(ZRegisterForm, { ...brazilian, birthDate: '31/02/1990' }).birthDate).toHaveLength(1);
    expect(messages(ZRegisterForm, { ...brazilian, birthDate: dmy(yearsAgo(-1)) }).birthDate).toHaveLength(1);
    expect(messages(ZRegisterForm, { ...brazilian, birthDate: '' }).birthDate).toEqual([
      'A data de nascimento é obrigatória',
    ]);
    expect(messages(ZRegisterForm, { ...foreigner, birthDate: '20/05/1990' }).birthDate).toEqual([
      'Enter a valid birth date (YYYY-MM-DD)',
    ]);
  });

  it('requires a guardian document from minors only', () => {
    const minorBr = { ...brazilian, birthDate: dmy(yearsAgo(15)) };
    const minorEn = { ...foreigner, birthDate: ymd(yearsAgo(15)) };
    expect(messages(ZRegisterForm, minorBr).responsibleCPF).toEqual([
      'CPF do responsável obrigatório para menores',
    ]);
    expect(messages(ZRegisterForm, minorEn).responsibleCPF).toEqual([
      "A legal guardian's document is required for minors",
    ]);
    expect(messages(ZRegisterForm, { ...minorBr, responsibleCPF: '123.456.789-00' }).responsibleCPF).toEqual([
      'Informe um CPF do responsável válido',
    ]);
    expect(messages(ZRegisterForm, { ...minorEn, responsibleCPF: 'A#' }).responsibleCPF).toEqual([
      "Enter a valid guardian's document: 3 to 30 letters, digits or - . / + * <",
    ]);
    expect(messages(ZRegisterForm, { ...minorBr, responsibleCPF: '529.982.247-25' }).responsibleCPF).toEqual([
      'O documento do responsável deve ser diferente do seu',
    ]);
    expect(messages(ZRegisterForm, { ...minorBr, responsibleCPF: '111.444.777-35' })).toEqual({});
    expect(messages(ZRegisterForm, { ...minorEn, responsibleCPF: 'G7654321' })).toEqual({});
    // An adult needs none.
    expect(messages(ZRegisterForm, { ...brazilian, birthDate: dmy(yearsAgo(19)) })).toEqual({});
  });

  it('requires a gender from 1 to 4', () => {
    expect(messages(ZRegisterForm, { ...brazilian, gender: undefined }).gender).toEqual([
      'O gênero é obrigatório',
    ]);
    expect(messages(ZRegisterForm, { ...foreigner, gender: 0 }).gender).toEqual(['Gender is required']);
    expect(messages(ZRegisterForm, { ...brazilian, gender: 4 })).toEqual({});
  });

  it('requires state and city from Brazilians only', () => {
    const missing = messages(ZRegisterForm, { ...brazilian, stateID: null, cityID: null });
    expect(missing.stateID).toEqual(['O estado é obrigatório']);
    expect(missing.cityID).toEqual(['A cidade é obrigatória']);
    expect(messages(ZRegisterForm, { ...foreigner, stateID: null, cityID: null })).toEqual({});
  });

  it('requires the captcha', () => {
    expect(messages(ZRegisterForm, { ...brazilian, captcha: '' }).captcha).toEqual([
      'O Captcha é obrigatório',
    ]);
    expect(messages(ZRegisterForm, { ...foreigner, captcha: undefined }).captcha).toEqual([
      'Captcha is required',
    ]);
  });

  it('shows every problem at once, not only the first', () => {
    const all = messages(ZRegisterForm, { nationality: 0 });
    expect(Object.keys(all).sort()).toEqual(
      [
        'acceptTerms',
        'birthDate',
        'captcha',
        'cityID',
        'confirmPassword',
        'cpf',
        'ddiPhone',
        'email',
        'gender',
        'name',
        'password',
        'phone',
        'stateID',
      ].sort(),
    );
  });
});

describe('login form', () => {
  it('requires and checks the e-mail or CPF, and normalises it', () => {
    expect(messages(ZLoginForm, { email: '', password: 'x', captcha: 't' }).email).toEqual([
      'O e-mail ou CPF é obrigatório',
    ]);
    expect(messages(ZLoginForm, { email: 'ana@', password: 'x', captcha: 't' }, 'en').email).toEqual([
      'Invalid e-mail or document',
    ]);
    expect(messages(ZLoginForm, { email: 'ab', password: 'x', captcha: 't' }).email).toEqual([
      'E-mail ou CPF inválido',
    ]);
    expect(ZLoginForm.parse({ email: '529.982.247-25', password: 'x', captcha: 't' }).email).toBe(
      '52998224725',
    );
    expect(ZLoginForm.parse({ email: ' Ana@Exemplo.com', password: 'x', captcha: 't' }).email).toBe(
      'ana@exemplo.com',
    );
  });

  it('requires the password and the captcha', () => {
    const result = messages(ZLoginForm, { email: 'ana@exemplo.com', password: '', captcha: '' });
    expect(result.password).toEqual(['A senha é obrigatória']);
    expect(result.captcha).toEqual(['O Captcha é obrigatório']);
  });
});

describe('forgot password', () => {
  it('takes a CPF, an e-mail or 9+ characters', () => {
    expect(messages(ZForgotPasswordForm, { identifier: '529.982.247-25' })).toEqual({});
    expect(messages(ZForgotPasswordForm, { identifier: 'ana@exemplo.com' })).toEqual({});
    expect(messages(ZForgotPasswordForm, { identifier: 'AB1234567' })).toEqual({});
    expect(messages(ZForgotPasswordForm, { identifier: 'AB12' }).identifier).toEqual([
      'Informe um documento ou e-mail válido',
    ]);
    expect(messages(ZForgotPasswordForm, { identifier: '' }, 'en').identifier).toEqual([
      'Enter a valid document or e-mail',
    ]);
  });

  it('refuses an identifier type that does not match the identifier', () => {
    expect(
      ZSendResetPasswordRequest.safeParse({ identifier: '52998224725', identifierType: 1 }).success,
    ).toBe(true);
    expect(
      ZSendResetPasswordRequest.safeParse({ identifier: '52998224725', identifierType: 0 }).success,
    ).toBe(false);
  });

  it('wants a strong new password, confirmed', () => {
    const base = {
      id: crypto.randomUUID(),
      code: 'a'.repeat(43),
      password: 'Nova#Senha1',
      confirmPassword: 'Nova#Senha1',
    };
    expect(messages(ZNewResetPasswordForm, base)).toEqual({});
    expect(messages(ZNewResetPasswordForm, { ...base, confirmPassword: 'x' }).confirmPassword).toEqual([
      'A senha não confere',
    ]);
    expect(
      messages(ZNewResetPasswordForm, { ...base, password: 'fraca', confirmPassword: 'fraca' }).password,
    ).toHaveLength(1);
  });
});

describe('phone code', () => {
  it('is exactly 6 digits', () => {
    expect(ZMatchCodeRequest.safeParse({ code: '123456' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(messages(ZMatchCodeRequest, { code }).code).toEqual(['Informe o código de 6 dígitos']);
    }
  });
});

describe('account update', () => {
  const Id = crypto.randomUUID();
  it('takes a partial update such as the gender pop-up', () => {
    expect(ZUpdateAccountRequest.safeParse({ Id, gender: 3 }).success).toBe(true);
    expect(messages(ZUpdateAccountRequest, { Id, gender: 0 }).gender).toEqual(['O gênero é obrigatório']);
  });
  it('checks the name and phone with the register rules', () => {
    expect(messages(ZUpdateAccountRequest, { Id, Name: 'Ana' }).Name).toEqual(['Informe nome e sobrenome']);
    expect(messages(ZUpdateAccountRequest, { Id, ddiPhone: '+55', phone: '119876543' }).phone).toEqual([
      'Telefone inválido',
    ]);
  });
});
