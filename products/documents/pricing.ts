import type { Price } from '../../engine/definition';

/** A document the insurer covers against loss: a fixed premium for a year and the sum it pays to restore it. */
export interface DocumentType {
  id: number;
  /** The insurer's name (labels shown are `documents.type.<id>`). */
  name: string;
  /** UZS for a year. */
  premium: number;
  /** UZS paid when the document is lost. */
  sumInsured: number;
}

/**
 * Requirements §9: document type 38, the state number (a vehicle's plates), is handled apart from the
 * others: it is named by its plate, not a document number, and has its own price. The tariff keeps
 * it apart, so no code can price a plate as a paper document or the other way round.
 */
export const stateNumberTypeId = 38;

export interface DocumentsTariff {
  /** Paper documents: passport, ID card, licences, certificates. */
  documents: DocumentType[];
  /** Type 38, or null while the insurer does not sell it. */
  stateNumber: DocumentType | null;
}

/** The sandbox tariff (README.md beside this file); the server seeds it and answers it at `/sayt/document_sugurtasi/type`. */
export const sandboxDocumentsTariff: DocumentsTariff = {
  documents: [
    { id: 1, name: 'Pasport', premium: 40_000, sumInsured: 1_000_000 },
    { id: 2, name: 'ID-karta', premium: 40_000, sumInsured: 1_000_000 },
    { id: 3, name: 'Haydovchilik guvohnomasi', premium: 30_000, sumInsured: 700_000 },
    { id: 4, name: 'Texnik pasport', premium: 30_000, sumInsured: 700_000 },
    { id: 5, name: 'Diplom', premium: 50_000, sumInsured: 1_500_000 },
    { id: 6, name: 'Tugʻilganlik haqida guvohnoma', premium: 20_000, sumInsured: 500_000 },
  ],
  stateNumber: { id: stateNumberTypeId, name: 'Davlat raqam belgisi', premium: 60_000, sumInsured: 2_000_000 },
};

/** A document type of the tariff by id: 38 is the state number, any other a paper document. */
export function documentType(typeId: number | undefined, tariff: DocumentsTariff): DocumentType | null {
  if (typeId === stateNumberTypeId) return tariff.stateNumber;
  return tariff.documents.find((d) => d.id === typeId) ?? null;
}

/** Every type the insurer sells, the state number last. */
export const allTypes = (tariff: DocumentsTariff): DocumentType[] => [...tariff.documents, ...(tariff.stateNumber ? [tariff.stateNumber] : [])];

/**
 * The premium of a year's cover of one document: the type's own price, the state number's for type
 * 38. One line, so the page shows its total alone: the type's card already says whose price it is.
 */
export function quoteDocument(typeId: number | undefined, tariff: DocumentsTariff): Price | null {
  const type = documentType(typeId, tariff);
  if (!type) return null;
  return { total: type.premium, lines: [{ label: 'documents.price.premium', amount: type.premium }] };
}

export const fromPrice = (tariff: DocumentsTariff): number => Math.min(...allTypes(tariff).map((t) => t.premium));
