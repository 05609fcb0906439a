import { useLingui } from '@lingui/react';
import { formatPhone, insurer, supportPhone } from '../contacts';
import { useLang } from '../use-lang';

export function SiteFooter() {
  const { i18n } = useLingui();
  const lang = useLang();
  return (
    <footer className="mt-16 border-t border-line bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 pb-24 sm:grid-cols-2 sm:pb-10">
        <div>
          <p className="text-lg font-bold">{i18n._('site.brand')}</p>
          <p className="mt-2 max-w-sm text-sm text-brand-100">{i18n._('site.footer.about')}</p>
          <p className="mt-4 text-sm text-brand-100">
            {insurer.legalName[lang]}
            <br />
            {insurer.licence[lang]}
            <br />
            {i18n._('site.footer.tin')}: {insurer.tin}
          </p>
        </div>
        <address className="not-italic">
          <h2 className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{i18n._('site.footer.contacts')}</h2>
          {supportPhone && (
            <p className="mt-2">
              <a className="text-lg font-semibold text-white underline-offset-4 hover:underline" href={`tel:${supportPhone}`}>
                {formatPhone(supportPhone)}
              </a>
            </p>
          )}
          <p className="mt-1 text-sm text-brand-100">{i18n._('site.help.hours')}</p>
          <p className="mt-3 text-sm text-brand-100">{insurer.address[lang]}</p>
        </address>
      </div>
    </footer>
  );
}
