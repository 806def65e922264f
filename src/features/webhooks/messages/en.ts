/**
 * The webhooks' words in English, the source of the Spanish and French catalogues (ICU syntax).
 * The spec's messages (`msg.*`, section 8) and the card's labels are the spec's English, verbatim; a
 * server's own message is still shown as it comes.
 */
export const en = {
  'disabled.title': 'Turned off by Waypost',
  'disabled.gone': 'The receiver answered 410 Gone, which asks for no more deliveries.',
  'disabled.failing': 'Deliveries to this address failed for 5 days.',
  'disabled.other': '{reason}',
  'disabled.hint': 'Fix the receiver, then Edit, test and save the webhook to turn it on again.',

  'card.notConfigured': 'Not configured',
  'card.active': 'Active',
  'card.inactive': 'Inactive',
  'card.edit': 'Edit',
  'card.cancel': 'Cancel',
  'card.url': 'Webhook URL',
  'card.authentication': 'Authentication',
  'card.noAuthentication': 'None',
  'card.useAuthentication': 'Use authentication',
  'card.headerName': 'Header name',
  'card.headerValue': 'Header value',
  'card.headerValuePlaceholder': 'Bearer token or Basic auth',
  'card.test': 'Test',
  'card.create': 'Create',
  'card.save': 'Save',
  'card.testFirst': 'Test the webhook before saving.',
  'card.rotate': 'Rotate secret',
  'card.log': 'Delivery log',
  'card.hideLog': 'Hide delivery log',

  'secret.title': 'Signing secret: copy it now, it will not be shown again.',
  'secret.hint': "Verify each delivery's webhook-signature with it (Standard Webhooks).",
  'rotate.title': 'Rotate the signing secret?',
  'rotate.message': 'Deliveries are signed with the new secret from now on: the receiver must verify with it. The new secret is shown once.',
  'rotate.confirm': 'Rotate',

  'log.loading': 'Loading the delivery log',
  'log.empty': 'No events sent yet',
  'log.emptyHint': 'Events of this module appear here as they are sent.',
  'log.refresh': 'Refresh',
  'log.label': 'Delivery log',
  'log.response': 'Response: {answer}',
  'log.replay': 'Replay',
  'log.replayLabel': 'Replay {eventType} {messageId}',
  'log.attempts': '{count, plural, one {# attempt} other {# attempts}}',
  'log.next': 'next {time}',
  'tab.loading': 'Loading webhooks',

  'msg.fetchFailed': 'Failed to fetch webhooks',
  'msg.testFailed': 'Failed to test webhook',
  'msg.saveFailed': 'Failed to save webhook',
  'msg.invalidUrl': 'Please enter a valid URL',
  'msg.logFailed': 'Failed to load the delivery log',
  'msg.replayed': 'Event queued for replay',
  'msg.replayFailed': 'Failed to replay the event',
  'msg.rotated': 'Signing secret rotated',
} as const;
