import { describe, expect, it } from 'vitest';
import {
  AssignmentFormSchema,
  assignmentPageSchema,
  fitLines,
  liveRowPatch,
  notEditableReason,
  toListChanges,
  type Assignment,
} from './schema';

const row = {
  id: '11111111-1111-4111-8111-111111111111',
  tenant_id: 'a0000000-0000-4000-8000-000000000001',
  delivery_id: '22222222-2222-4222-8222-222222222222',
  driver_id: 'a1000000-0000-4000-8000-000000000003',
  vehicle_id: 'a3000000-0000-4000-8000-000000000001',
  assigned_by_id: 'a1000000-0000-4000-8000-000000000002',
  assignment_time: '2026-11-25T10:00:00+00:00',
  status: 'pending',
  notes: '',
  responded_at: null,
  rejection_reason: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: null,
  updated_at: '2026-11-25T10:00:00+00:00',
  assigned_by: { id: 'a1000000-0000-4000-8000-000000000002', full_name: 'Dana Dispatcher' },
  drivers: { id: 'a1000000-0000-4000-8000-000000000003', user: { full_name: 'Derek Driver', avatar_url: null } },
  vehicles: { id: 'a3000000-0000-4000-8000-000000000001', name: 'City Van 1', code: 'ACME-VAN-01', image_url: null },
  delivery: { id: '22222222-2222-4222-8222-222222222222', delivery_code: 'ACME-000123', external_reference_id: 'PO-1', status: 'assigned' },
};

describe('assignment status', () => {
  it('only pending can be edited, and the others say why', () => {
    expect(notEditableReason('pending')).toBeNull();
    expect(notEditableReason('accepted')).toBe('Only pending assignments can be edited; this one is accepted');
    expect(notEditableReason('completed')).toBe('Only pending assignments can be edited; this one is completed');
  });
});

describe('the list page', () => {
  it("reads list_assignments' total and assignments in the row shape the screens read", () => {
    const page = assignmentPageSchema.parse({ total: '1', assignments: [row] });
    expect(page.total).toBe(1);
    expect(page.assignments[0]?.drivers?.user.full_name).toBe('Derek Driver');
    expect(page.assignments[0]?.delivery?.external_reference_id).toBe('PO-1');
  });

  it('refuses a status the database does not have', () => {
    expect(() => assignmentPageSchema.parse({ total: 1, assignments: [{ ...row, status: 'lost' }] })).toThrow();
  });

  it("patches a live change's own columns, never the embedded names", () => {
    const change: Assignment = {
      id: row.id,
      tenant_id: row.tenant_id,
      delivery_id: row.delivery_id,
      driver_id: row.driver_id,
      vehicle_id: row.vehicle_id,
      assigned_by: row.assigned_by_id,
      assignment_time: row.assignment_time,
      status: 'accepted',
      notes: 'Gate 4',
      responded_at: '2026-11-25T10:05:00+00:00',
      rejection_reason: null,
      completed_at: null,
      cancelled_at: null,
      cancel_reason: null,
      updated_at: '2026-11-25T10:05:00+00:00',
    };
    const patch = liveRowPatch(change);
    expect(patch).toMatchObject({ id: row.id, status: 'accepted', notes: 'Gate 4', responded_at: '2026-11-25T10:05:00+00:00' });
    expect(patch).not.toHaveProperty('assigned_by');
    expect(patch).not.toHaveProperty('drivers');
  });
});

describe('the form', () => {
  it('asks for the delivery, driver and vehicle, and keeps notes within 1000 characters', () => {
    const result = AssignmentFormSchema.safeParse({ delivery_id: null, driver_id: '', vehicle_id: null, notes: 'x'.repeat(1001) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      delivery_id: 'Delivery is required',
      driver_id: 'Driver is required',
      vehicle_id: 'Vehicle is required',
      notes: 'Notes must be at most 1000 characters',
    });
  });
});

describe('the fit hint', () => {
  it('shows the load against the capacity and says it fits when the database found nothing', () => {
    expect(fitLines({ weight_kg: 12, capacity_kg: 40, problems: [] })).toEqual([
      { tone: 'ok', text: 'Load 12 kg of 40 kg capacity (30%)' },
      { tone: 'ok', text: 'Driver, vehicle and delivery fit together' },
    ]);
  });

  it("lists the database's refusals in its words, an overload first", () => {
    const lines = fitLines({
      weight_kg: 50,
      capacity_kg: 40,
      problems: [
        { field: 'vehicle_id', message: 'City Van 1 lacks what Cold Chain Scheduled requires: refrigeration' },
        { field: 'vehicle_id', message: 'The packages weigh 50 kg; City Van 1 carries at most 40 kg' },
      ],
    });
    expect(lines.map((line) => line.tone)).toEqual(['problem', 'problem', 'problem']);
    expect(lines[0]?.text).toBe('Load 50 kg of 40 kg capacity (125%)');
    expect(lines.map((line) => line.text)).toContain('The packages weigh 50 kg; City Van 1 carries at most 40 kg');
  });

  it('says nothing of the load while the vehicle is unknown', () => {
    expect(fitLines({ weight_kg: 5, capacity_kg: null, problems: [{ field: 'vehicle_id', message: 'Vehicle not found' }] })).toEqual([
      { tone: 'problem', text: 'Vehicle not found' },
    ]);
  });
});

describe('live changes on the list', () => {
  const base: Assignment = {
    id: row.id,
    tenant_id: row.tenant_id,
    delivery_id: row.delivery_id,
    driver_id: row.driver_id,
    vehicle_id: row.vehicle_id,
    assigned_by: row.assigned_by_id,
    assignment_time: row.assignment_time,
    status: 'pending',
    notes: '',
    responded_at: null,
    rejection_reason: null,
    completed_at: null,
    cancelled_at: null,
    cancel_reason: null,
    updated_at: row.updated_at,
  };
  const shown = [assignmentPageSchema.parse({ total: 1, assignments: [row] }).assignments[0]!];

  it('patches a status change of a row on the page in place', () => {
    const [change] = toListChanges([{ op: 'update', row: { ...base, status: 'accepted' } }], shown);
    expect(change?.op).toBe('update');
    expect(change?.op === 'update' && change.row.status).toBe('accepted');
  });

  it('offers a refresh when the driver or vehicle changed, whose names the broadcast lacks', () => {
    expect(toListChanges([{ op: 'update', row: { ...base, driver_id: 'a1000000-0000-4000-8000-000000000103' } }], shown)[0]?.op).toBe('insert');
    expect(toListChanges([{ op: 'update', row: { ...base, vehicle_id: 'a3000000-0000-4000-8000-000000000002' } }], shown)[0]?.op).toBe('insert');
  });

  it('passes inserts and deletes on', () => {
    expect(toListChanges([{ op: 'insert', row: { ...base, id: 'new' } }, { op: 'delete', id: 'gone' }], shown).map((c) => c.op)).toEqual(['insert', 'delete']);
  });
});

describe('the helpers in Spanish and French', () => {
  it('say why an assignment is not editable and how it fits, in the language given', async () => {
    const { translator } = await import('../../lib/i18n/catalogue');
    const { assignmentMessages } = await import('./messages');
    const es = translator(assignmentMessages, 'es', (await import('./messages/es')).default);
    const fr = translator(assignmentMessages, 'fr', (await import('./messages/fr')).default);
    expect(notEditableReason('accepted', es)).toBe('Solo se pueden editar las asignaciones pendientes; esta está aceptada');
    expect(notEditableReason('pending', fr)).toBeNull();
    expect(fitLines({ weight_kg: 12.5, capacity_kg: 40, problems: [] }, fr)).toEqual([
      { tone: 'ok', text: 'Charge de 12,5 kg pour une capacité de 40 kg (31 %)' },
      { tone: 'ok', text: 'Le chauffeur, le véhicule et la livraison sont compatibles' },
    ]);
  });
});
