import type { CatalogModule } from '../i18n';

/** Every message catalog of this language, each its own lazy chunk (see site/i18n.ts `catalogLoaders`). */
export default import.meta.glob<CatalogModule>('../../locales/uz/*.po');
