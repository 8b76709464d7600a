import { Alert, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

export interface ConfirmOptions {
  title?: string;
  text: string;
  confirmText?: string;
  cancelText?: string;
  intent?: Intent;
}

interface ConfirmBoxProps extends ConfirmOptions {
  onDecide: (confirmed: boolean) => void;
  onClosed: () => void;
}

function ConfirmBox({ title, text, confirmText, cancelText, intent, onDecide, onClosed }: ConfirmBoxProps) {
  const [isOpen, setOpen] = useState(true);
  const decide = (confirmed: boolean) => {
    setOpen(false);
    onDecide(confirmed);
  };
  return (
    <Alert
      isOpen={isOpen}
      intent={intent}
      icon="warning-sign"
      confirmButtonText={confirmText}
      cancelButtonText={cancelText}
      canEscapeKeyCancel
      onConfirm={() => decide(true)}
      onCancel={() => decide(false)}
      // Unmount only after the closing transition so the dialog does not vanish abruptly.
      onClosed={onClosed}
    >
      {title && <h4 style={{ marginTop: 0 }}>{title}</h4>}
      <p>{text}</p>
    </Alert>
  );
}

/**
 * A modal yes/no question usable outside any React tree (request layer, guards). Each call renders
 * into its own root so concurrent questions never share state; resolves true on confirm.
 */
export function confirmDialog({
  confirmText = '确定',
  cancelText = '取消',
  intent = Intent.PRIMARY,
  ...rest
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    // Blueprint reports onClosed from inside a commit; unmounting there would race React's render.
    const dispose = () =>
      setTimeout(() => {
        root.unmount();
        host.remove();
      });
    root.render(
      <ConfirmBox
        {...rest}
        confirmText={confirmText}
        cancelText={cancelText}
        intent={intent}
        onDecide={resolve}
        onClosed={dispose}
      />,
    );
  });
}
