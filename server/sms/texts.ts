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

/** The code sent to the new number of a client changing their phone: it says what it is for, so nobody is talked into reading it out as a sign-in code. */
export function phoneChangeCodeText(code: string, lang: MessageLang): string {
  switch (lang) {
    case 'en':
      return `Code to change the phone number of your cabinet: ${code}. It is valid for 5 minutes. Do not tell it to anyone.`;
    case 'ru':
      return `Код для смены номера телефона в личном кабинете: ${code}. Действует 5 минут. Никому его не сообщайте.`;
    case 'uz':
      return `Shaxsiy kabinetdagi telefon raqamini oʻzgartirish kodi: ${code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.`;
  }
}

/** The notice to the number a client's cabinet had before it was changed: no code and no number in it. */
export function phoneChangedText(lang: MessageLang): string {
  switch (lang) {
    case 'en':
      return 'The phone number of your cabinet has been changed. If it was not you, contact the insurer at once.';
    case 'ru':
      return 'Номер телефона вашего личного кабинета изменён. Если это сделали не вы, сразу обратитесь в страховую компанию.';
    case 'uz':
      return 'Shaxsiy kabinetingiz telefon raqami oʻzgartirildi. Agar buni siz qilmagan boʻlsangiz, darhol sugʻurta kompaniyasiga murojaat qiling.';
  }
}
