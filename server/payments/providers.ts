import { alif } from './alif';
import { click } from './click';
import { hosted } from './hosted';
import { octo } from './octo';
import { payme } from './payme';
import { card, invoice } from './payme-subscribe';
import { paynet } from './paynet';
import type { PaymentProvider } from './provider';

/** Every way to pay this server offers, in the order a page offers them (each in its own folder here). */
export const paymentProviders: readonly PaymentProvider[] = [card, payme, click, octo, hosted, alif, invoice, paynet];
