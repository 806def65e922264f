// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../schema';
import { Composer, sendableText } from './Composer';

afterEach(cleanup);

describe('Composer', () => {
  it('sends the trimmed text on Enter and starts empty again', async () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '  On my way  {Enter}');
    expect(onSend).toHaveBeenCalledWith('On my way');
    expect(box).toHaveValue('');
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Gate code{Shift>}{Enter}{/Shift}4821');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('Gate code\n4821');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('Gate code\n4821');
  });

  it('sends nothing blank', async () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('counts near the limit and refuses past it', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.queryByTestId('chat-counter')).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(3500) } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent(`3500/${MESSAGE_MAX_LENGTH}`);
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent(`${MESSAGE_MAX_LENGTH + 1}/${MESSAGE_MAX_LENGTH}`);
    expect(screen.getByText(`A message can be at most ${MESSAGE_MAX_LENGTH} characters`)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sendableText trims and keeps to the limit', () => {
    expect(sendableText('  hi ')).toBe('hi');
    expect(sendableText('   ')).toBeNull();
    expect(sendableText('x'.repeat(MESSAGE_MAX_LENGTH))).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(sendableText('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toBeNull();
  });
});
