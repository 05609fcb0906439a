// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { PaymentDetails } from '../definition';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { MemoryStorage } from '../test-fixtures/memory-storage';
import { sampleApi, sampleCards } from '../test-fixtures/sample-definition';
import { invoicePollMs } from '../payment/invoice-payment';
import { PaymentStep, paymentOptions } from './payment-step';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const payment: PaymentDetails = {
  contractId: '1f0c8a52-5d7e-4a2b-9a36-2f1f3c4d5e6f',
  orderId: '1234567890123456',
  price: 120_000,
  links: { payme: 'https://pay.example/payme', click: 'https://pay.example/click', octo: 'https://pay.example/octo', hosted: 'https://pay.example/hosted', alif: 'https://pay.example/alif' },
};

function setup(state = { paid: false }, storage?: Storage, lang: 'uz' | 'en' | 'ru' = 'en') {
  const onCheck = vi.fn();
  const onPoll = vi.fn();
  render(
    <I18nProvider i18n={engineI18n(lang)}>
      <PaymentStep title="sample.title" summary={[]} payment={payment} price={null} loading={false} api={sampleApi(state)} lang={lang} storage={storage} onCheck={onCheck} onPoll={onPoll} onBack={vi.fn()} />
    </I18nProvider>,
  );
  return { onCheck, onPoll, state };
}

const acceptTerms = async () => {
  fireEvent.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
  await waitFor(() => expect((screen.getByRole('checkbox', { name: /accept the terms/ }) as HTMLInputElement).checked).toBe(true));
  await waitFor(() => expect(screen.queryByText('Accept the terms above to choose how to pay.')).toBeNull());
};

describe('PaymentStep', () => {
  it('offers the card first, every provider link the contract has, and the bill by phone last', () => {
    expect(paymentOptions(payment)).toEqual(['card', 'payme', 'click', 'octo', 'hosted', 'alif', 'invoice']);
    expect(paymentOptions({ ...payment, links: { payme: 'x' } })).toEqual(['card', 'payme', 'invoice']);
  });

  it('pays by card: a wrong code is said and kept on the code, the right one pays', async () => {
    const { onCheck } = setup();
    await acceptTerms();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: sampleCards.pays } });
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('8600 0691 9540 6311');
    fireEvent.change(screen.getByLabelText('Valid thru'), { target: { value: '0399' } });
    expect((screen.getByLabelText('Valid thru') as HTMLInputElement).value).toBe('03/99');
    fireEvent.click(screen.getByRole('button', { name: 'Get the SMS code' }));
    expect(await screen.findByText('We sent a 6-digit code to +998 90 *** ** 66.')).toBeTruthy();
    // A new code only after the provider's wait.
    expect(screen.getByRole('button', { name: /New code in \d+ s/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay 120 000/ }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The code is wrong. Check the SMS and type it again.');
    expect(onCheck).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '666666' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay 120 000/ }));
    await waitFor(() => expect(onCheck).toHaveBeenCalledTimes(1));
  });

  it('counts down to a new code and sends one when the wait is over', async () => {
    setup();
    await acceptTerms();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: sampleCards.pays } });
    fireEvent.change(screen.getByLabelText('Valid thru'), { target: { value: '03/99' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Get the SMS code' }));
    expect(await screen.findByText('We sent a 6-digit code to +998 90 *** ** 66.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'New code in 60 s' })).toHaveProperty('disabled', true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByRole('button', { name: /^New code in (30|29) s$/ })).toHaveProperty('disabled', true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    const resend = screen.getByRole('button', { name: 'Send the code again' });
    expect(resend).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '12' } });
    fireEvent.click(resend);
    // A new code: the wait starts again and the half-typed code is cleared.
    expect(await screen.findByRole('button', { name: 'New code in 60 s' })).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('Code from the SMS') as HTMLInputElement).value).toBe('');
  });

  it('says why a card was refused and lets another card be entered', async () => {
    setup();
    await acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Get the SMS code' }));
    expect(screen.getByText('Enter the 16 digits of the card')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: sampleCards.poor } });
    fireEvent.change(screen.getByLabelText('Valid thru'), { target: { value: '03/99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the SMS code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is not enough money on the card. Top it up or use another card.');
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('sends the bill to the Payme app and keeps checking, silently, until it is paid', async () => {
    const { onPoll } = setup();
    await acceptTerms();
    fireEvent.click(screen.getByRole('radio', { name: /^Bill to the Payme app/ }));
    fireEvent.change(screen.getByLabelText('Phone number of your Payme account'), { target: { value: '+998 90 123 45 67' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send the bill' }));
    expect(await screen.findByText('The bill was sent to +998 90 *** ** 67.')).toBeTruthy();
    // The waiting starts with the effect React runs after drawing the message.
    await act(async () => {});
    await act(async () => {
      await vi.advanceTimersByTimeAsync(invoicePollMs * 2 + 10);
    });
    expect(onPoll).toHaveBeenCalledTimes(2);
  });

  it('sends the visitor to pay on the bank\'s page, not "with" it as with a provider, in every language', async () => {
    const links = {
      en: ['Pay 120 000 UZS on the bank’s payment page', 'Pay 120 000 UZS with Payme'],
      ru: ['Оплатить 120 000 сум на платёжной странице банка', 'Оплатить 120 000 сум через Payme'],
      uz: ['120 000 soʻmni bankning toʻlov sahifasida toʻlash', '120 000 soʻmni Payme orqali toʻlash'],
    } as const;
    for (const [lang, [hosted, payme]] of Object.entries(links) as [keyof typeof links, (typeof links)[keyof typeof links]][]) {
      setup({ paid: false }, undefined, lang);
      fireEvent.click(screen.getByRole('checkbox'));
      await waitFor(() => expect(document.querySelector('fieldset')?.disabled).toBe(false));
      fireEvent.click(document.querySelector('[data-option="hosted"]') as HTMLInputElement);
      expect(screen.getByRole('link', { name: hosted }).getAttribute('href')).toBe(payment.links.hosted);
      fireEvent.click(document.querySelector('[data-option="payme"]') as HTMLInputElement);
      expect(screen.getByRole('link', { name: payme }).getAttribute('href')).toBe(payment.links.payme);
      cleanup();
    }
  });

  it('shows no way to pay before the terms are accepted, and records the acceptance', async () => {
    setup();
    expect(screen.getByText('Accept the terms above to choose how to pay.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await acceptTerms();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('keeps the terms accepted for the contract when the visitor comes back to the step (a declined card at a provider\'s page)', async () => {
    const storage = new MemoryStorage();
    setup({ paid: false }, storage);
    await acceptTerms();
    cleanup();
    setup({ paid: false }, storage);
    expect((screen.getByRole('checkbox', { name: /accept the terms/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });
});
