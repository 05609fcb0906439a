import insurerDetails from '../config/insurer.json';

/** The insurer's legal details (config/insurer.json), in each site language. */
export const insurer = insurerDetails;

/** Support line of the footer and the sticky help link (configured in site/.env). */
export const supportPhone = import.meta.env.VITE_SUPPORT_PHONE ?? '';

/** `+998712000000` → `+998 71 200 00 00`; other shapes are shown as given. */
export function formatPhone(phone: string): string {
  const match = /^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+998 ${match.slice(1).join(' ')}` : phone;
}
