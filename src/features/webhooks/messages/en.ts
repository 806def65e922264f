/** The webhooks' words in English, the source of the Spanish and French catalogues (ICU syntax). */
export const en = {
  'disabled.title': 'Turned off by Waypost',
  'disabled.gone': 'The receiver answered 410 Gone, which asks for no more deliveries.',
  'disabled.failing': 'Deliveries to this address failed for 5 days.',
  'disabled.other': '{reason}',
  'disabled.hint': 'Fix the receiver, then Edit, test and save the webhook to turn it on again.',
} as const;
