import type { ClaimStatus } from '../db/database';
import type { MessageLang } from './texts';

/** What the SMS of a claim just filed names: its number, the day the insurer decides by (`DD.MM.YYYY`), and the documents still to send (their names in the claimant's language). */
export interface ClaimFiledFacts {
  number: string;
  answerBy: string;
  documents: string[];
}

/** The SMS of a claim filed, in the claimant's language: no personal data, only the claim's number, the decision's day and what is still needed. */
export function claimFiledText(facts: ClaimFiledFacts, lang: MessageLang): string {
  const { number, answerBy, documents } = facts;
  const list = documents.join(', ');
  switch (lang) {
    case 'en':
      return `Your claim ${number} has been received. We will answer by ${answerBy}.${documents.length > 0 ? ` Still needed: ${list}; send them from your cabinet.` : ''}`;
    case 'ru':
      return `Ваше заявление ${number} принято. Ответим до ${answerBy}.${documents.length > 0 ? ` Ещё нужны: ${list}; отправьте их из личного кабинета.` : ''}`;
    case 'uz':
      return `${number} raqamli arizangiz qabul qilindi. ${answerBy} gacha javob beramiz.${documents.length > 0 ? ` Yana kerak: ${list}; ularni shaxsiy kabinetdan yuboring.` : ''}`;
  }
}

/**
 * What a claim's status SMS names: the claim's number, its new status as the site calls it, what
 * goes with it (the reason, the documents asked for by their names, the amount in soʻm, grouped),
 * and the cabinet page the claim is followed on.
 */
export interface ClaimStatusFacts {
  number: string;
  status: ClaimStatus;
  /** The status as the site's catalog words it. */
  statusName: string;
  reason: string | null;
  /** The documents asked for, by their names. */
  documents: string[];
  /** Grouped digits (`1 500 000`), or null. */
  amount: string | null;
  link: string;
}

/** A claim's status change as an SMS in the claimant's language. */
export function claimStatusText(facts: ClaimStatusFacts, lang: MessageLang): string {
  const { number, statusName, reason, documents, amount, link } = facts;
  const words = claimStatusWords[lang];
  const parts = [words.status(number, statusName)];
  if (documents.length > 0) parts.push(words.documents(documents.join(', ')));
  if (amount !== null) parts.push(words.amount(amount));
  // The sentence ends with its own full stop.
  if (reason) parts.push(words.reason(reason.trim().replace(/[.!?…]+$/, '')));
  parts.push(words.link(link));
  return parts.join(' ');
}

const claimStatusWords: Record<MessageLang, {
  status: (number: string, status: string) => string;
  documents: (list: string) => string;
  amount: (amount: string) => string;
  reason: (reason: string) => string;
  link: (link: string) => string;
}> = {
  en: {
    status: (number, status) => `Claim ${number}: ${status}.`,
    documents: (list) => `Please send: ${list}.`,
    amount: (amount) => `Amount: ${amount} UZS.`,
    reason: (reason) => `Reason: ${reason}.`,
    link: (link) => `Details: ${link}`,
  },
  ru: {
    status: (number, status) => `Заявление ${number}: ${status}.`,
    documents: (list) => `Пожалуйста, отправьте: ${list}.`,
    amount: (amount) => `Сумма: ${amount} сум.`,
    reason: (reason) => `Причина: ${reason}.`,
    link: (link) => `Подробнее: ${link}`,
  },
  uz: {
    status: (number, status) => `${number} raqamli ariza: ${status}.`,
    documents: (list) => `Iltimos, yuboring: ${list}.`,
    amount: (amount) => `Summa: ${amount} soʻm.`,
    reason: (reason) => `Sabab: ${reason}.`,
    link: (link) => `Batafsil: ${link}`,
  },
};
