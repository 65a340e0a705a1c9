import type { TLocale } from '@ingressos/domain';
import { AppError } from '../app-error.ts';

/** Every message the account calls answer with, in Portuguese and English. Spec texts are quoted exactly. */
export const API_MESSAGES = {
  unauthenticated: { 'pt-BR': 'Dados do Usuario nao encontrado', en: 'User data not found' },
  invalidCredentials: { 'pt-BR': 'E-mail/CPF ou senha inválidos', en: 'Invalid e-mail/document or password' },
  tooManyAttempts: {
    'pt-BR': 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    en: 'Too many attempts. Please wait a few minutes and try again.',
  },
  captchaRequired: { 'pt-BR': 'O Captcha é obrigatório', en: 'Captcha is required' },
  captchaInvalid: {
    'pt-BR': 'Captcha inválido ou expirado, tente novamente.',
    en: 'Invalid or expired captcha, please try again.',
  },
  emailTaken: { 'pt-BR': 'Este e-mail já está cadastrado', en: 'This e-mail is already registered' },
  documentTaken: { 'pt-BR': 'Este documento já está cadastrado', en: 'This document is already registered' },
  stateInvalid: { 'pt-BR': 'Estado inválido', en: 'Invalid state' },
  cityInvalid: {
    'pt-BR': 'Cidade inválida para o estado escolhido',
    en: 'The city is not in the chosen state',
  },
  registered: {
    'pt-BR': 'Usuário cadastrado com sucesso, verifique seu e-mail',
    en: 'User registered successfully, please check your e-mail',
  },
  userNotFound: { 'pt-BR': 'Nenhum usuário encontrado.', en: 'No user found.' },
  resetInvalid: {
    'pt-BR': 'Link de redefinição inválido, expirado ou já usado. Solicite um novo.',
    en: 'This reset link is invalid, expired or already used. Please request a new one.',
  },
  passwordChanged: { 'pt-BR': 'Senha alterada com sucesso!', en: 'Password changed successfully!' },
  mailFailed: { 'pt-BR': 'Erro ao enviar email de validação', en: 'Could not send the e-mail' },
  smsFailed: { 'pt-BR': 'Não foi possível enviar o sms', en: 'Could not send the SMS' },
  phoneAlreadyVerified: { 'pt-BR': 'Seu telefone já foi validado.', en: 'Your phone is already verified.' },
  codeNotFound: {
    'pt-BR':
      'Não foi possível validar seu código, ele pode ter expirado. Envie um novo código e tente novamente.',
    en: 'We could not validate your code, it may have expired. Send a new code and try again.',
  },
  codeInvalid: {
    'pt-BR': 'Ocorreu um erro ao validar o código, verifique se está correto e tente novamente.',
    en: 'An error occurred while validating the code, check that it is correct and try again.',
  },
  phoneVerified: { 'pt-BR': 'Telefone validado com sucesso!', en: 'Phone verified successfully!' },
  forbidden: {
    'pt-BR': 'Você só pode alterar os dados da sua própria conta.',
    en: 'You can only change your own account.',
  },
  fieldLocked: {
    'pt-BR':
      'E-mail, documento, data de nascimento e nacionalidade não podem ser alterados. Fale com o suporte.',
    en: 'E-mail, document, birth date and nationality cannot be changed. Please contact support.',
  },
  accountUpdated: { 'pt-BR': 'Dados atualizados com sucesso!', en: 'Account updated successfully!' },
  emailAlreadyVerified: { 'pt-BR': 'Seu e-mail já foi validado.', en: 'Your e-mail is already verified.' },
  verificationSent: {
    'pt-BR': 'Enviamos um novo e-mail de validação.',
    en: 'We sent you a new validation e-mail.',
  },
  unsubscribed: {
    'pt-BR': 'Pronto! Você não receberá mais e-mails promocionais.',
    en: 'Done! You will no longer receive promotional e-mails.',
  },
  csrf: { 'pt-BR': 'Origem da requisição não permitida.', en: 'Request origin not allowed.' },
  postalCodeInvalid: { 'pt-BR': 'CEP inválido', en: 'Invalid postal code' },
  postalCodeNotFound: { 'pt-BR': 'CEP não encontrado', en: 'Postal code not found' },
  postalCodeUnavailable: {
    'pt-BR': 'Não foi possível consultar o CEP agora, tente novamente.',
    en: 'The postal code service is unavailable, please try again.',
  },
  captchaLocalOnly: { 'pt-BR': 'Captcha local desativado.', en: 'The local captcha is not in use.' },
} as const satisfies Record<string, Record<TLocale, string>>;

export type TApiMessageKey = keyof typeof API_MESSAGES;

export function apiMessage(key: TApiMessageKey, locale: TLocale): string {
  return API_MESSAGES[key][locale];
}

/** An AppError whose message is the catalogue's text in the caller's language. */
export function fail(
  code: string,
  key: TApiMessageKey,
  locale: TLocale,
  headers?: Record<string, string>,
): AppError {
  return new AppError(code, apiMessage(key, locale), { headers });
}
