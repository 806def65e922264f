// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentViewer, type DocumentViewerProps } from './DocumentViewer';

/** react-pdf stubbed: these tests are about the viewer's states; pdf.js itself renders in e2e. */
const pdf = vi.hoisted(() => ({ outcome: 'loaded' as 'loaded' | 'failed', numPages: 3 }));
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: { workerSrc: '' } },
    Document: ({ file, onLoadSuccess, onLoadError, children }: {
      file: string;
      onLoadSuccess: (doc: { numPages: number }) => void;
      onLoadError: (error: Error) => void;
      children: React.ReactNode;
    }) => {
      useEffect(() => {
        if (pdf.outcome === 'failed') onLoadError(new Error('Invalid PDF structure.'));
        else onLoadSuccess({ numPages: pdf.numPages });
        // eslint-disable-next-line react-hooks/exhaustive-deps -- once per file, like react-pdf
      }, [file]);
      return pdf.outcome === 'failed' ? null : <div data-testid="pdf-document">{children}</div>;
    },
    Page: ({ pageNumber, scale }: { pageNumber: number; scale: number }) => <div data-testid="pdf-page" data-page={pageNumber} data-scale={scale} />,
  };
});

// Headless UI's transitions ask for animations, which jsdom lacks: none are running.
Element.prototype.getAnimations ??= () => [];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  pdf.outcome = 'loaded';
});

const props = (overrides: Partial<DocumentViewerProps> = {}): DocumentViewerProps => ({
  open: true,
  onClose: () => undefined,
  url: '/storage/v1/object/public/tenants/t1/label-42.pdf',
  fileName: 'label-42.pdf',
  ...overrides,
});

const dialog = () => screen.getByRole('dialog');

describe('DocumentViewer', () => {
  it('shows a PDF at scale 2 with page navigation and zoom', async () => {
    const user = userEvent.setup();
    render(<DocumentViewer {...props({ mimeType: 'application/pdf' })} />);
    expect(within(dialog()).getByRole('heading', { name: 'label-42.pdf' })).toBeInTheDocument();
    const page = await screen.findByTestId('pdf-page');
    expect(page).toHaveAttribute('data-scale', '2');
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('200%');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-page', '3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-scale', '2.25');
    for (let i = 0; i < 10; i += 1) await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('50%');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it("says 'Failed to load PDF' when the document cannot be loaded", async () => {
    pdf.outcome = 'failed';
    render(<DocumentViewer {...props()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load PDF');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
  });

  it("says 'Unsupported file type' for anything but PDFs and images, and still offers the download", () => {
    render(<DocumentViewer {...props({ url: '/files/manifest.xlsx', fileName: 'manifest.xlsx' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unsupported file type');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/files/manifest.xlsx');
  });

  it('downloads through a link named after the file', () => {
    render(<DocumentViewer {...props()} />);
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', '/storage/v1/object/public/tenants/t1/label-42.pdf');
    expect(link).toHaveAttribute('download', 'label-42.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows an image and prints it alone through a hidden frame', async () => {
    const user = userEvent.setup();
    render(<DocumentViewer {...props({ url: '/img/van.png', fileName: 'van.png', mimeType: 'image/png' })} />);
    expect(screen.getByRole('img', { name: 'van.png' })).toHaveAttribute('src', '/img/van.png');
    expect(screen.queryByTestId('pdf-page')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print' }));
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-print="image"]');
    expect(frame?.srcdoc).toContain('<img src="/img/van.png" alt="van.png">');
    frame?.remove();
  });

  it('says when an image cannot be loaded', () => {
    render(<DocumentViewer {...props({ url: '/img/missing.png', fileName: 'missing.png' })} />);
    act(() => {
      screen.getByRole('img', { name: 'missing.png' }).dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load image');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('keeps its state through a quick close and reopen, and resets it 300 ms after closing', async () => {
    const { rerender } = render(<DocumentViewer {...props()} />);
    await screen.findByText('Page 1 of 3');
    // Testing Library's polling waits on timers too: fake them only once the PDF is in.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => screen.getByRole('button', { name: 'Zoom in' }).click());
    act(() => screen.getByRole('button', { name: 'Next page' }).click());
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('225%');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    rerender(<DocumentViewer {...props({ open: false })} />);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    rerender(<DocumentViewer {...props()} />);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('225%');

    rerender(<DocumentViewer {...props({ open: false })} />);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    rerender(<DocumentViewer {...props({ open: false })} />);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    rerender(<DocumentViewer {...props()} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('200%');
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-scale', '2');
  });

  it('starts over when it is given another document', async () => {
    pdf.outcome = 'failed';
    const { rerender } = render(<DocumentViewer {...props()} />);
    expect(await screen.findByText('Failed to load PDF')).toBeInTheDocument();
    pdf.outcome = 'loaded';
    rerender(<DocumentViewer {...props({ url: '/other.pdf', fileName: 'other.pdf' })} />);
    expect(await screen.findByTestId('pdf-page')).toHaveAttribute('data-scale', '2');
  });
});
