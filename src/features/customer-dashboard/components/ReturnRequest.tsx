import { useState } from 'react';
import { returnStatus } from '../../../data/statuses';
import { RETURN_REASON_OPTIONS } from '../../../lib/return-reasons';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { Dialog } from '../../../ui/Dialog';
import { Form, NumberField, SelectField, SubmitButton, TextAreaField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { requestReturn, type OpenReturn } from '../api';
import { customerReturnSchema, RETURN_MESSAGES, returnablePackages, toReturnItems, type CustomerDelivery, type ReturnablePackage } from '../schema';

/**
 * A delivered delivery's return, from its customer: the open request's state when there is one,
 * else a button that asks for the reason and what comes back (the database checks the rest: the
 * delivery is theirs and delivered, one open request at a time, quantities within the packages).
 */
export function ReturnAction({ tenantId, delivery, openReturn }: { tenantId: string; delivery: CustomerDelivery; openReturn: OpenReturn | null }) {
  // The page reads its deliveries' open returns at once (openReturns); a request made here shows at once.
  const [open, setOpen] = useState<OpenReturn | null>(openReturn);
  const [asking, setAsking] = useState(false);

  if (open) {
    return (
      <span data-testid="customer-delivery-return">
        <Chip tone="warning">
          Return {open.code}: {returnStatus.label(open.status).toLowerCase()}
        </Chip>
      </span>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Request a return
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
  const form = useZodForm(schema, { defaultValues: { reason: '', reason_text: '', quantities: packages.map((p) => p.quantity) } });
  const toast = useToast();
  return (
    <Dialog open onClose={onClose} title={`Return ${delivery.delivery_code}`} description="Tell us why, and what comes back. We will confirm and arrange the pickup.">
      <Form
        form={form}
        aria-label="Request a return"
        className="space-y-4"
        onSubmit={async (values) => {
          const saved = await requestReturn(tenantId, delivery.id, {
            reason: values.reason,
            reason_text: values.reason_text,
            items: toReturnItems(packages, values.quantities),
          });
          toast.success(`${RETURN_MESSAGES.requested}: ${saved.return_code}`);
          onRequested(saved.return_code);
        }}
        onServerError={(_error, result) => {
          if (result.unmatched) toast.error(result.unmatched);
          else if (result.applied.length === 0) toast.error(RETURN_MESSAGES.failed);
        }}
      >
        <SelectField name="reason" control={form.control} label="Reason" required options={RETURN_REASON_OPTIONS} placeholder="Select a reason" />
        <TextAreaField name="reason_text" control={form.control} label="Tell us more" help="Required when the reason is Other" />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">What comes back</legend>
          {packages.map((p, i) => (
            <NumberField key={p.index} name={`quantities.${i}`} control={form.control} label={`${p.description} (of ${p.quantity})`} min={0} max={p.quantity} step={1} />
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton>Request the return</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
