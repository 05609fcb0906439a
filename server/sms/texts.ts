export type MessageLang = 'uz' | 'en' | 'ru';

/** The sign-in code's SMS in the visitor's language (the templates Eskiz is asked to approve). */
export function codeText(code: string, lang: MessageLang): string {
  switch (lang) {
    case 'en':
      return `Your sign-in code: ${code}. It is valid for 5 minutes. Do not tell it to anyone.`;
    case 'ru':
      return `Код для входа: ${code}. Действует 5 минут. Никому его не сообщайте.`;
    case 'uz':
      return `Kirish kodi: ${code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.`;
  }
}

/** What a renewal reminder names: the product as the site calls it, the policy's number, its last day (`DD.MM.YYYY`), and the page to renew it on. */
export interface ReminderFacts {
  product: string;
  number: string;
  endDate: string;
  link: string;
}

/** The renewal reminder's SMS (30, 7 and 1 days before a policy ends) in the client's language (the templates Eskiz is asked to approve). */
export function reminderText(facts: ReminderFacts, lang: MessageLang): string {
  const { product, number, endDate, link } = facts;
  switch (lang) {
    case 'en':
      return `Your ${product} policy ${number} is valid until ${endDate}. Renew it: ${link}`;
    case 'ru':
      return `Ваш полис ${product} ${number} действует до ${endDate} включительно. Продлить: ${link}`;
    case 'uz':
      return `${product} polisingiz ${number} ${endDate} gacha amal qiladi. Uzaytirish: ${link}`;
  }
}
