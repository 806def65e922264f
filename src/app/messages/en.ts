/** The shell's messages in English, the source of the Spanish and French catalogues (ICU syntax). */
export const en = {
  'language.menu': 'Language',
  'language.button': 'Language: {name}',
  'language.saveFailed': 'Could not save your language. It applies on this device until you reload.',
} as const;
