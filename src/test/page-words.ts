/**
 * Every word a user can read or hear on the page: its text, and the placeholders, labels, alt texts
 * and titles of its elements (a screen reader reads those too). A translation test asserts that no
 * English word of the screen is left in it.
 */
export function pageWords(root: ParentNode = document.body): string {
  const attributes = [...root.querySelectorAll('[placeholder], [aria-label], [alt], [title]')].flatMap((element) =>
    ['placeholder', 'aria-label', 'alt', 'title'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [(root as Element).textContent ?? '', ...attributes].join(' \n ');
}

/** The English words of `english` still found in `text` (whole words, case kept). */
export function englishLeft(text: string, english: readonly string[]): string[] {
  return english.filter((word) => new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text));
}
