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
