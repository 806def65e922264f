import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { Chip } from '../../../ui/Chip';
import { uiMessages } from '../../../ui/messages';
import { addressMessages } from '../messages';
import { addressTypeWords } from '../words';
import { addressLabel, type Address } from '../schema';

/** One address as people read it: title, Default and type chips, the address, the contact. */
export function AddressCard({ address, actions }: { address: Address; actions?: ReactNode }) {
  const t = useT(addressMessages);
  const ui = useT(uiMessages);
  const title = addressLabel(address);
  const lines = [
    [address.building, address.address_line1].filter(Boolean).join(', '),
    address.address_line2,
    [address.street, address.city].filter(Boolean).join(', '),
    [address.state, address.postal_code, address.country].filter(Boolean).join(', '),
  ].filter((line): line is string => Boolean(line));
  const contact = [address.contact_info.full_name, address.contact_info.phone, address.contact_info.email].filter(Boolean).join(' · ');
  return (
    <article aria-label={title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-sm font-semibold">{title}</h3>
            {address.is_primary && <Chip tone="success">{t('card.default')}</Chip>}
            <Chip tone="info">{addressTypeWords(t, address.address_type)}</Chip>
            {!address.is_active && <Chip>{ui('chip.inactive')}</Chip>}
          </div>
          <address className="mt-1 text-sm text-slate-600 not-italic dark:text-slate-400">
            {lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          {contact && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{contact}</p>}
          {address.metadata.delivery_instructions && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('card.instructions', { instructions: address.metadata.delivery_instructions })}</p>
          )}
        </div>
        {actions}
      </div>
    </article>
  );
}
