import { useMemo } from 'react';
import { deliveryEventMessages, deliveryEventWords, type DeliveryEventKey } from '../delivery-events';
import { translator, useT, type Translate } from '../i18n/catalogue';
import { useFormat } from '../i18n/format';
import { humanizeStatus } from '../status-vocabulary';
import { proofPdfMessages, type ProofPdfKey } from './messages';

/**
 * Every word of the proof-of-delivery PDF and how it writes a moment, in one language: the builder
 * (lib/proof-pdf.ts) stays pure and takes them; `useProofPdfText()` gives the page's language (its
 * dates in the locale's format), `englishProofPdfText()` the English source.
 */
export interface ProofPdfText {
  title: string;
  docTitle(code: string): string;
  subject(code: string, business: string): string;
  footer(business: string, code: string, at: string): string;
  deliveryLine(code: string, status: string): string;
  delivery: string;
  customer: string;
  pickup: string;
  dropoff: string;
  driver: string;
  delivered: string;
  notDelivered: string;
  notRecorded: string;
  received: string;
  recipient: string;
  notes: string;
  none: string;
  timeline: string;
  noEvents: string;
  reason(reason: string): string;
  signature: string;
  signedBy(name: string): string;
  signatureOfRecipient: string;
  signatureUnreadable: string;
  noSignature: string;
  photos: string;
  noPhotos: string;
  photoOf(index: number, total: number): string;
  unreadable(count: number): string;
  generated(at: string): string;
  /** A timeline event (delivery_events.action, then the status it moved to). */
  eventTitle(action: string, status: string): string;
  /** A delivery status; one this build does not know in plain words. */
  status(status: string): string;
  /** How a moment is written. */
  formatTime(iso: string): string;
}

const STATUS_KEYS: Record<string, ProofPdfKey> = {
  pending: 'status.pending',
  assigned: 'status.assigned',
  accepted: 'status.accepted',
  picked_up: 'status.picked_up',
  in_transit: 'status.in_transit',
  delivered: 'status.delivered',
  failed: 'status.failed',
  cancelled: 'status.cancelled',
  returned: 'status.returned',
};

export function proofPdfText(t: Translate<ProofPdfKey>, eventWords: Translate<DeliveryEventKey>, formatTime: (iso: string) => string): ProofPdfText {
  const status = (value: string) => (STATUS_KEYS[value] ? t(STATUS_KEYS[value]) : humanizeStatus(value));
  return {
    title: t('pdf.title'),
    docTitle: (code) => t('pdf.docTitle', { code }),
    subject: (code, business) => t('pdf.subject', { code, business }),
    footer: (business, code, at) => t('pdf.footer', { business, code, at }),
    deliveryLine: (code, statusLabel) => t('pdf.deliveryLine', { code, status: statusLabel }),
    delivery: t('pdf.delivery'),
    customer: t('pdf.customer'),
    pickup: t('pdf.pickup'),
    dropoff: t('pdf.dropoff'),
    driver: t('pdf.driver'),
    delivered: t('pdf.delivered'),
    notDelivered: t('pdf.notDelivered'),
    notRecorded: t('pdf.notRecorded'),
    received: t('pdf.received'),
    recipient: t('pdf.recipient'),
    notes: t('pdf.notes'),
    none: t('pdf.none'),
    timeline: t('pdf.timeline'),
    noEvents: t('pdf.noEvents'),
    reason: (reason) => t('pdf.reason', { reason }),
    signature: t('pdf.signature'),
    signedBy: (name) => t('pdf.signedBy', { name }),
    signatureOfRecipient: t('pdf.signatureOfRecipient'),
    signatureUnreadable: t('pdf.signatureUnreadable'),
    noSignature: t('pdf.noSignature'),
    photos: t('pdf.photos'),
    noPhotos: t('pdf.noPhotos'),
    photoOf: (index, total) => t('pdf.photoOf', { index, total }),
    unreadable: (count) => t('pdf.unreadable', { count }),
    generated: (at) => t('pdf.generated', { at }),
    eventTitle: (action, value) => deliveryEventWords(eventWords, action, value, status),
    status,
    formatTime,
  };
}

const englishTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The English source, its moments as the document always wrote them ('25 Nov 2026, 15:42', the viewer's zone). */
export function englishProofPdfText(): ProofPdfText {
  return proofPdfText(translator(proofPdfMessages, 'en', proofPdfMessages.en), translator(deliveryEventMessages, 'en', deliveryEventMessages.en), (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : englishTime.format(date);
  });
}

/** The document's words in the page's language, its moments in the locale's format. */
export function useProofPdfText(): ProofPdfText {
  const t = useT(proofPdfMessages);
  const eventWords = useT(deliveryEventMessages);
  const format = useFormat();
  return useMemo(() => proofPdfText(t, eventWords, (iso) => format.dateTime(iso)), [t, eventWords, format]);
}
