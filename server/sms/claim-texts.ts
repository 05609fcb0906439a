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

/** The SMS of a claim whose asked-for documents have all arrived: it is under review now. */
export function claimDocumentsReceivedText(number: string, lang: MessageLang): string {
  switch (lang) {
    case 'en':
      return `The documents for claim ${number} have been received. The claim is under review.`;
    case 'ru':
      return `Документы по заявлению ${number} получены. Заявление на рассмотрении.`;
    case 'uz':
      return `${number} raqamli ariza boʻyicha hujjatlar qabul qilindi. Ariza koʻrib chiqilmoqda.`;
  }
}
