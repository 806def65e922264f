import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { localeFormat } from '../../lib/i18n/format';
import { returnMessages } from './messages';
import { itemsFor, ReturnFormSchema, type ReturnFormInput } from './schema';
import { translateValidation } from './words';

const form = (over: Partial<ReturnFormInput>): ReturnFormInput => ({
  delivery_id: '7b4a4c8e-3c56-4f0e-9d59-0d9b7b0e2a11',
  reason: 'damaged',
  reason_text: '',
  items: itemsFor([{ description: 'Shoes', quantity: 2 }]).map((item) => ({ ...item, selected: true })),
  photos: [],
  refund_amount: 0,
  refund_limit: 1234.5,
  currency: 'EUR',
  notes: '',
  ...over,
});

/** The schema's issue at a path: its words and the params the form hands the translator. */
function issueAt(values: ReturnFormInput, path: string) {
  const issue = ReturnFormSchema.safeParse(values).error?.issues.find((i) => i.path.join('.') === path);
  if (!issue || issue.code !== 'custom') throw new Error(`no custom issue at ${path}`);
  return { message: issue.message, detail: issue.params };
}

describe('return request limits in the page’s language', () => {
  it('words the refund limit as money in the page’s locale and the quantity limit from its number, in es and fr', async () => {
    const es = translator(returnMessages, 'es', (await returnMessages.load.es()).default);
    const fr = translator(returnMessages, 'fr', (await returnMessages.load.fr()).default);
    const refund = issueAt(form({ refund_amount: 2000 }), 'refund_amount');
    expect(refund.message).toBe("Refund amount cannot be more than the delivery's price and cash on delivery (1234.50 EUR)");
    const esMoney = localeFormat('es').money(1234.5, 'EUR');
    const frMoney = localeFormat('fr').money(1234.5, 'EUR');
    expect(esMoney).not.toBe(frMoney);
    expect(translateValidation(es, refund.message, refund.detail, localeFormat('es'))).toBe(`El importe del reembolso no puede superar el precio de la entrega más el cobro contra entrega (${esMoney})`);
    expect(translateValidation(fr, refund.message, refund.detail, localeFormat('fr'))).toBe(`Le montant du remboursement ne peut pas dépasser le prix de la livraison et le paiement à la livraison (${frMoney})`);

    const quantity = issueAt(form({ items: itemsFor([{ description: 'Shoes', quantity: 2 }]).map((item) => ({ ...item, selected: true, quantity: 3 })) }), 'items.0.quantity');
    expect(translateValidation(es, quantity.message, quantity.detail, localeFormat('es'))).toBe('La cantidad no puede ser mayor que la entregada (2)');
    expect(translateValidation(fr, quantity.message, quantity.detail, localeFormat('fr'))).toBe('La quantité ne peut pas dépasser la quantité livrée (2)');
  });

  it('leaves a message without its rule’s params as worded (nothing is read back from the English)', async () => {
    const es = translator(returnMessages, 'es', (await returnMessages.load.es()).default);
    expect(translateValidation(es, 'Quantity cannot be more than the 2 delivered', undefined, localeFormat('es'))).toBe('Quantity cannot be more than the 2 delivered');
  });
});
