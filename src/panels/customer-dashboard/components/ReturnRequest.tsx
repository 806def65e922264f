import { useCallback, useState } from 'react';
import { returnStatus } from '../../../data/statuses';
import { useT } from '../../../lib/i18n/catalogue';
import { useStatuses } from '../../../lib/status-vocabulary';
import { RETURN_REASONS } from '../../../lib/return-reasons';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { Dialog } from '../../../ui/Dialog';
import { Form, NumberField, SelectField, SubmitButton, TextAreaField, useZodForm, type SchemaDetail } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { requestReturn, type OpenReturn } from '../api';
import { customerMessages } from '../messages';
import { customerReturnSchema, RETURN_MESSAGES, returnablePackages, toReturnItems, type CustomerDelivery, type ReturnablePackage } from '../schema';

type CustomerKey = keyof typeof customerMessages.en;

const REASON_KEYS = {
  damaged: 'reason.damaged',
  wrong_item: 'reason.wrong_item',
  not_as_described: 'reason.not_as_described',
  no_longer_needed: 'reason.no_longer_needed',
  other: 'reason.other',
} as const satisfies Record<(typeof RETURN_REASONS)[number], CustomerKey>;

/** The schema's messages (the database's words, in English) by their keys. */
const VALIDATION_KEYS: Record<string, CustomerKey> = {
  [RETURN_MESSAGES.reason]: 'validation.reason',
  [RETURN_MESSAGES.reasonText]: 'validation.reasonText',
  [RETURN_MESSAGES.reasonTextLength]: 'validation.reasonTextLength',
  [RETURN_MESSAGES.items]: 'validation.items',
};

/**
 * A delivered delivery's return, from its customer: the open request's state when there is one,
 * else a button that asks for the reason and what comes back (the database checks the rest: the
 * delivery is theirs and delivered, one open request at a time, quantities within the packages).
 */
export function ReturnAction({ tenantId, delivery, openReturn }: { tenantId: string; delivery: CustomerDelivery; openReturn: OpenReturn | null }) {
  // The page reads its deliveries' open returns at once (openReturns); a request made here shows at once.
  const [open, setOpen] = useState<OpenReturn | null>(openReturn);
  const [asking, setAsking] = useState(false);
  const t = useT(customerMessages);
  const returnWords = useStatuses(returnStatus);

  if (open) {
    return (
      <span data-testid="customer-delivery-return">
        <Chip tone="warning">
          {t('return.chip', { code: open.code, status: returnWords.label(open.status).toLocaleLowerCase() })}
        </Chip>
      </span>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('return.request')}
      </Button>
      {asking && (
        <ReturnDialog
          tenantId={tenantId}
          delivery={delivery}
          onClose={() => setAsking(false)}
          onRequested={(code) => {
            setAsking(false);
            setOpen({ code, status: 'requested' });
          }}
        />
      )}
    </>
  );
}

function ReturnDialog({ tenantId, delivery, onClose, onRequested }: { tenantId: string; delivery: CustomerDelivery; onClose: () => void; onRequested: (code: string) => void }) {
  const packages: ReturnablePackage[] = returnablePackages(delivery.packages);
  const schema = customerReturnSchema(packages);
  const t = useT(customerMessages);
  const translate = useCallback(
    // A quantity's range is worded from its rule's number (params.max), not read back from the English.
    (message: string, detail?: SchemaDetail) => {
      const key = VALIDATION_KEYS[message];
      if (key) return t(key);
      return typeof detail?.max === 'number' && message === `From 0 to ${detail.max}` ? t('validation.range', { max: detail.max }) : message;
    },
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { reason: '', reason_text: '', quantities: packages.map((p) => p.quantity) } }, translate);
  const toast = useToast();
  const reasons = RETURN_REASONS.map((value) => ({ value, label: t(REASON_KEYS[value]) }));
  // A package without a description is named by its place, in the reader's words (the request saves the English name).
  const packageName = (p: ReturnablePackage) => {
    const described = delivery.packages?.[p.index]?.description;
    return typeof described === 'string' && described.trim() ? p.description : t('return.package', { number: p.index + 1 });
  };
  return (
    <Dialog open onClose={onClose} title={t('return.title', { code: delivery.delivery_code })} description={t('return.description')}>
      <Form
        form={form}
        aria-label={t('return.request')}
        className="space-y-4"
        onSubmit={async (values) => {
          const saved = await requestReturn(tenantId, delivery.id, {
            reason: values.reason,
            reason_text: values.reason_text,
            items: toReturnItems(packages, values.quantities),
          });
          toast.success(t('return.requested', { code: saved.return_code }));
          onRequested(saved.return_code);
        }}
        onServerError={(_error, result) => {
          if (result.unmatched) toast.error(result.unmatched);
          else if (result.applied.length === 0) toast.error(t('return.failed'));
        }}
      >
        <SelectField name="reason" control={form.control} label={t('return.reason')} required options={reasons} placeholder={t('return.selectReason')} />
        <TextAreaField name="reason_text" control={form.control} label={t('return.more')} help={t('return.moreHelp')} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{t('return.whatComesBack')}</legend>
          {packages.map((p, i) => (
            <NumberField key={p.index} name={`quantities.${i}`} control={form.control} label={t('return.quantity', { description: packageName(p), quantity: p.quantity })} min={0} max={p.quantity} step={1} />
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('return.cancel')}
          </Button>
          <SubmitButton>{t('return.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
