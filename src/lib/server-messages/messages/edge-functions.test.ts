import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as a form or a toast asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

describe("the edge functions' refusals by key", () => {
  it('words an upload refused for its name as upload-file does in English (one extension, or two), and in es and fr', async () => {
    const en = await words('en');
    expect(en('uploads.name_mismatch', { extension: 'png', other: 'none' })).toBe("The file's name does not match its content: name it .png");
    expect(en('uploads.name_mismatch', { extension: 'jpg', other: 'jpeg' })).toBe("The file's name does not match its content: name it .jpg or .jpeg");
    expect((await words('es'))('uploads.name_mismatch', { extension: 'jpg', other: 'jpeg' })).toBe(
      'El nombre del archivo no corresponde a su contenido: llámalo .jpg o .jpeg',
    );
    expect((await words('fr'))('uploads.name_mismatch', { extension: 'png', other: 'none' })).toBe(
      'Le nom du fichier ne correspond pas à son contenu : nommez-le .png',
    );
  });

  it('words the limits from their params: the largest file, the type allowed, the wait', async () => {
    const en = await words('en');
    expect(en('uploads.file_too_large_max', { max_mb: 3 })).toBe('The file is too large: the maximum is 3 MB');
    expect(en('uploads.type_not_allowed_use', { allowed: 'jpg, jpeg, png, gif' })).toBe('This file type is not allowed: use jpg, jpeg, png, gif');
    expect(en('directory.rate_limited', { seconds: 30 })).toBe('Too many requests: try again in 30 seconds');
    expect((await words('es'))('uploads.file_too_large_max', { max_mb: 2.5 })).toBe('El archivo es demasiado grande: el máximo es 2,5 MB');
    expect((await words('fr'))('directory.rate_limited', { seconds: 1 })).toBe('Trop de requêtes : réessayez dans 1 seconde');
    expect((await words('es'))('directory.rate_limited', { seconds: 12 })).toBe('Demasiadas solicitudes: inténtalo de nuevo dentro de 12 segundos');
  });

  it('leaves a key this build does not know to the English', async () => {
    expect((await words('fr'))('uploads.path_folders')).toBeUndefined();
  });
});
