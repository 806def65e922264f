// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../test/page-words';
import { BarcodeScanner } from './BarcodeScanner';
import { DocumentViewer } from './document-viewer';
import { PointInput } from './map/PointInput';
import { ProofDocumentButton, ProofGallery } from './proof';

/** react-pdf stubbed: a three-page PDF that loads at once (pdf.js itself renders in e2e). */
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: { workerSrc: '' } },
    Document: ({ onLoadSuccess, children }: { onLoadSuccess: (doc: { numPages: number }) => void; children: ReactNode }) => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- once, like react-pdf per file
      useEffect(() => onLoadSuccess({ numPages: 3 }), []);
      return <div>{children}</div>;
    },
    Page: () => <div data-testid="pdf-page" />,
  };
});

// Headless UI's transitions ask for animations, which jsdom lacks: none are running.
Element.prototype.getAnimations ??= () => [];

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

async function show(node: ReactNode) {
  await act(async () => {
    render(<Suspense fallback="loading">{node}</Suspense>);
  });
}

const signature = [{ key: 's', label: 'Signature', url: 'blob:signature', fileName: 'signature.png' }];

async function allPiecesText(): Promise<string> {
  let text = '';
  await show(<DocumentViewer open onClose={() => {}} url="blob:proof" fileName="proof.pdf" mimeType="application/pdf" />);
  await screen.findByTestId('pdf-page', undefined, { timeout: 5000 });
  text += pageWords();
  cleanup();
  await show(<DocumentViewer open onClose={() => {}} url="blob:sheet" fileName="sheet.xyz" />);
  text += pageWords();
  cleanup();
  await show(<PointInput value={[-3.7038, 40.4168]} onPick={() => {}} />);
  fireEvent.change(screen.getAllByRole('textbox')[0] as HTMLElement, { target: { value: '' } });
  fireEvent.change(screen.getAllByRole('textbox')[1] as HTMLElement, { target: { value: '' } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  text += pageWords();
  cleanup();
  await show(<ProofGallery label="Proof" loadKey="a" load={() => Promise.reject(new Error('offline'))} />);
  await screen.findByRole('alert', undefined, { timeout: 5000 });
  text += pageWords();
  cleanup();
  await show(<ProofGallery label="Proof" loadKey="b" load={async () => []} />);
  text += pageWords();
  cleanup();
  await show(<ProofGallery label="Proof" loadKey="c" load={async () => signature} />);
  await screen.findByTestId('proof-gallery', undefined, { timeout: 5000 });
  text += pageWords();
  cleanup();
  await show(<ProofDocumentButton deliveryId="d1" code="ACME-000001" />);
  text += pageWords();
  cleanup();
  await show(<BarcodeScanner label="Code" onScan={() => undefined} />);
  text += pageWords();
  cleanup();
  return text;
}

/** English words of the kit's pieces that must not survive a translation (Pages, Zoom are French too). */
const ENGLISH = [
  'Zoom out',
  'Zoom in',
  'Zoom level',
  'Previous page',
  'Next page',
  'of 3',
  'Download',
  'Print',
  'Close',
  'Unsupported file type',
  'Download the file',
  'Pick a point',
  'Latitude',
  'Enter a',
  'Use this point',
  'Picked point',
  'Could not load the proof files',
  'Check your connection',
  'Retry',
  'No signature or photos were taken',
  'Open signature',
  'Download proof',
  'Type or scan the code',
  'This browser cannot scan',
  'Camera view',
];

describe('the kit’s viewer, point input, proof and scanner', () => {
  it('keep their English', async () => {
    await show(<DocumentViewer open onClose={() => {}} url="blob:proof" fileName="proof.pdf" mimeType="application/pdf" />);
    expect(await screen.findByText('Page 1 of 3', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Zoom level' })).toHaveTextContent('200%');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    cleanup();
    await show(<PointInput value={[-3.7038, 40.4168]} onPick={() => {}} />);
    expect(screen.getByText('Picked point: 40.416800, -3.703800')).toBeInTheDocument();
    cleanup();
    await show(<ProofGallery label="Proof" loadKey="c" load={async () => signature} />);
    expect(await screen.findByRole('button', { name: 'Open signature' }, { timeout: 5000 })).toBeInTheDocument();
    cleanup();
    await show(<ProofDocumentButton deliveryId="d1" code="ACME-000001" />);
    expect(screen.getByRole('button', { name: 'Download proof of ACME-000001' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Página 1 de 3', '200 %', 'Acercar', 'Tipo de archivo no compatible', 'Introduce una latitud entre -90 y 90', 'No se pudieron cargar los archivos de la prueba', 'Abrir signature', 'Descargar la prueba', 'Escribe o escanea el código']],
    ['fr', ['Page 1 sur 3', 'Zoom avant', 'Type de fichier non pris en charge', 'Saisissez une latitude entre -90 et 90', 'Impossible de charger les fichiers de la preuve', 'Télécharger la preuve', 'Saisissez ou scannez le code']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    const text = await allPiecesText();
    for (const word of words) expect(text.replace(/\u202f|\u00a0/g, ' ')).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
