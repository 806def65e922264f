import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/** What private.return_request_problems answers for a refund above 1234.50 EUR (20261212000100). */
const refund = {
  key: 'returns.refund_above_limit',
  message: "Refund amount cannot be more than the delivery's price and cash on delivery (1234.50 EUR)",
  params: { limit: 1234.5, currency: 'EUR' },
};

describe("return requests' refusals by key", () => {
  it('words the refund limit in English exactly as the database does, and as a number of the page’s locale in es and fr', async () => {
    expect((await words('en'))(refund.key, refund.params)).toBe(refund.message);
    const amount = (language: string) => new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
    expect(amount('es')).not.toBe(amount('fr'));
    expect((await words('es'))(refund.key, refund.params)).toBe(
      `El importe del reembolso no puede superar el precio de la entrega más el cobro contra entrega (${amount('es')} EUR)`,
    );
    expect((await words('fr'))(refund.key, refund.params)).toBe(
      `Le montant du remboursement ne peut pas dépasser le prix de la livraison et le paiement à la livraison (${amount('fr')} EUR)`,
    );
  });

  it('words the limits and the unknown field from their params, as the database words them in English', async () => {
    const en = await words('en');
    expect(en('returns.quantity_above_delivered', { max: 2 })).toBe('Quantity cannot be more than the 2 delivered');
    expect(en('returns.notes_too_long', { max: 2000 })).toBe('Notes must be at most 2000 characters');
    expect(en('returns.item_field_unknown', { field: 'sku' })).toBe('Unknown item field sku');
    expect((await words('es'))('returns.quantity_above_delivered', { max: 2 })).toBe('La cantidad no puede ser mayor que la entregada (2)');
    expect((await words('fr'))('returns.item_field_unknown', { field: 'sku' })).toBe('Champ d’article inconnu : sku');
  });

  it("words a decided request's refusal to be edited with its status in the page's language", async () => {
    const params = { status: 'pickup_scheduled' };
    expect((await words('en'))('returns.not_editable', params)).toBe('A return request can be edited only while requested; this one is pickup scheduled');
    expect((await words('es'))('returns.not_editable', params)).toBe(
      'Una solicitud de devolución solo se puede editar mientras está solicitada; esta está con recogida programada',
    );
    expect((await words('fr'))('returns.not_editable', { status: 'closed' })).toBe(
      'Une demande de retour ne peut être modifiée que tant qu’elle est demandée ; celle-ci est clôturée',
    );
  });
});
