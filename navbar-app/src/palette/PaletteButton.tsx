import { Button } from '@blueprintjs/core';

/** The header's way into the command palette, showing its shortcut. */
export function PaletteButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="minimal" icon="search" onClick={onClick} data-testid="palette-button" title="快速跳转（Ctrl+K / ⌘K）">
      快速跳转<kbd className="fp-palette-key">Ctrl K</kbd>
    </Button>
  );
}
