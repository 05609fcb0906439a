import type { ClaimStatus } from '../db/database';
import type { MessageLang } from './texts';

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
