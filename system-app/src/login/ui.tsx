/**
 * Issue 24: the login entry draws Blueprint's markup itself — the same elements and class names the
 * Blueprint components render, styled by blueprint.css (a <link> of index.html on every page) — so the
 * login page looks as before with none of Blueprint's script. Only what the public pages use is here.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ICON_PATHS, type IconName } from './icons';

export type Intent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');
const intentClass = (intent: Intent | undefined) => (intent && intent !== 'none' ? `bp6-intent-${intent}` : null);

export function Icon({ icon, size = 16, className, tabbable }: { icon: IconName; size?: number; className?: string; tabbable?: false }) {
  return (
    <span aria-hidden="true" tabIndex={tabbable === false ? -1 : undefined} className={cx('bp6-icon', `bp6-icon-${icon}`, className)}>
      <svg data-icon={icon} height={size} role="img" viewBox="0 0 16 16" width={size}>
        {ICON_PATHS[icon].map((d, i) => (
          <path key={i} d={d} fillRule="evenodd" />
        ))}
      </svg>
    </span>
  );
}

const R = 45;
const TRACK = `M 50,50 m 0,-${R} a ${R},${R} 0 1 1 0,${R * 2} a ${R},${R} 0 1 1 0,-${R * 2}`;
const PATH_LENGTH = 280;

/** Blueprint's Spinner (indeterminate). */
export function Spinner({ size = 50, className }: { size?: number; className?: string }) {
  const stroke = Math.min(16, (4 * 100) / size);
  const radius = R + stroke / 2;
  const box = `${(50 - radius).toFixed(2)} ${(50 - radius).toFixed(2)} ${(radius * 2).toFixed(2)} ${(radius * 2).toFixed(2)}`;
  return (
    <div aria-label="loading" aria-valuemax={100} aria-valuemin={0} className={cx('bp6-spinner', className)} role="progressbar">
      <div className="bp6-spinner-animation">
        <svg width={size} height={size} strokeWidth={stroke.toFixed(2)} viewBox={box}>
          <path className="bp6-spinner-track" d={TRACK} />
          <path className="bp6-spinner-head" d={TRACK} pathLength={PATH_LENGTH} strokeDasharray={`${PATH_LENGTH} ${PATH_LENGTH}`} strokeDashoffset={PATH_LENGTH * 0.75} />
        </svg>
      </div>
    </div>
  );
}

export interface ButtonProps {
  text?: ReactNode;
  children?: ReactNode;
  type?: 'button' | 'submit';
  intent?: Intent;
  size?: 'small' | 'large';
  variant?: 'minimal' | 'outlined';
  fill?: boolean;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  title?: string;
  onClick?: () => void;
}

export function Button({ text, children, type = 'button', intent, size, variant, fill, loading, disabled, className, title, onClick }: ButtonProps) {
  const off = Boolean(disabled || loading);
  return (
    <button
      type={type}
      title={title}
      disabled={off}
      tabIndex={off ? -1 : undefined}
      onClick={onClick}
      className={cx('bp6-button', off && 'bp6-disabled', fill && 'bp6-fill', loading && 'bp6-loading', intentClass(intent), size && `bp6-${size}`, variant && `bp6-${variant}`, className)}
    >
      {loading ? <Spinner size={20} className="bp6-button-spinner" /> : null}
      <span className="bp6-button-text">
        {text}
        {children}
      </span>
    </button>
  );
}

export function FormGroup({ label, labelFor, labelInfo, error, children }: { label: string; labelFor?: string; labelInfo?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className={cx('bp6-form-group', error && 'bp6-intent-danger')}>
      <label className="bp6-label" htmlFor={labelFor}>
        {label} <span className="bp6-text-muted">{labelInfo}</span>
      </label>
      <div className="bp6-form-content">
        {children}
        {error ? <div className="bp6-form-helper-text">{error}</div> : null}
      </div>
    </div>
  );
}

export interface InputProps {
  id: string;
  name?: string;
  type?: 'text' | 'password';
  large?: boolean;
  leftIcon?: IconName;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  className?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

export function InputGroup({ id, name, type = 'text', large, leftIcon, placeholder, autoComplete, autoFocus, maxLength, value, onChange, invalid, className, inputRef }: InputProps) {
  return (
    <div className={cx('bp6-input-group', invalid && 'bp6-intent-danger', large && 'bp6-large', className)}>
      {leftIcon ? <Icon icon={leftIcon} tabbable={false} /> : null}
      <input
        id={id}
        name={name}
        type={type}
        ref={inputRef}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        maxLength={maxLength}
        aria-invalid={invalid === undefined ? undefined : invalid}
        className="bp6-input"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

export function Callout({ intent, icon, title, className, children, testId }: { intent?: Intent; icon: IconName; title?: string; className?: string; children: ReactNode; testId?: string }) {
  return (
    <div className={cx('bp6-callout', intentClass(intent), className, 'bp6-callout-has-body-content', 'bp6-callout-icon')} data-testid={testId}>
      <Icon icon={icon} tabbable={false} />
      {title ? <h5 className="bp6-heading">{title}</h5> : null}
      {children}
    </div>
  );
}

/** Blueprint's RadioGroup with inline radios. */
export function RadioGroup<T extends string>({ label, name, value, options, onChange }: { label: string; name: string; value: T; options: Array<{ label: string; value: T }>; onChange: (value: T) => void }) {
  const labelId = `${name}-label`;
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="bp6-radio-group">
      <label className="bp6-label" id={labelId}>
        {label}
      </label>
      {options.map((option) => (
        <label key={option.value} className="bp6-control bp6-radio bp6-inline">
          <input className="bp6-control-input" type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span className="bp6-control-indicator" />
          {option.label}
        </label>
      ))}
    </div>
  );
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export interface SliderProps {
  max: number;
  value: number;
  disabled?: boolean;
  onChange: (value: number) => void;
  onRelease: (value: number) => void;
  handleLabel: string;
}

/**
 * Blueprint's Slider (min 0, step 1, no labels) as it behaves for the slide captcha: pressing the
 * handle or the track starts a drag (the value follows the pointer, a press on the track jumps there),
 * letting go calls onRelease; an arrow key moves one step and its key-up calls onRelease.
 */
export function Slider({ max, value, disabled, onChange, onRelease, handleLabel }: SliderProps) {
  const track = useRef<HTMLDivElement>(null);
  const [moving, setMoving] = useState(false);
  const latest = useRef({ value, onChange, onRelease });
  latest.current = { value, onChange, onRelease };
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const valueAt = (clientX: number): number => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return latest.current.value;
    return clamp(Math.round(((clientX - rect.left) / rect.width) * max), 0, max);
  };
  const change = (next: number): number => {
    const clamped = clamp(next, 0, max);
    if (clamped !== latest.current.value) {
      latest.current.value = clamped;
      latest.current.onChange(clamped);
    }
    return clamped;
  };

  const begin = (event: React.MouseEvent) => {
    if (disabled || event.button !== 0) return;
    const move = (e: MouseEvent) => change(valueAt(e.clientX));
    const up = (e: MouseEvent) => {
      end();
      latest.current.onRelease(change(valueAt(e.clientX)));
    };
    const end = () => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
      stop.current = null;
      setMoving(false);
    };
    stop.current?.();
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
    stop.current = end;
    setMoving(true);
    change(valueAt(event.clientX));
  };

  const keyDown = (event: React.KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    change(value + step);
    event.preventDefault();
  };
  const keyUp = (event: React.KeyboardEvent) => {
    if (event.key.startsWith('Arrow')) onRelease(value);
  };

  const ratio = max > 0 ? clamp(value / max, 0, 1) : 0;
  return (
    <div className={cx('bp6-slider', 'bp6-slider-unlabeled', disabled && 'bp6-disabled')} onMouseDown={begin}>
      <div className="bp6-slider-track" ref={track}>
        <div className="bp6-slider-progress" style={{ left: '0.00%', right: '100.00%', top: 0 }} />
        <div className={cx('bp6-slider-progress', value > 0 && 'bp6-intent-primary')} style={{ left: '0.00%', right: pct(1 - ratio), top: 0 }} />
        <div className="bp6-slider-progress" style={{ left: pct(ratio), right: '0.00%', top: 0 }} />
      </div>
      <div className="bp6-slider-axis" />
      <span
        role="slider"
        tabIndex={0}
        aria-label={handleLabel}
        className={cx('bp6-slider-handle', moving && 'bp6-active')}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-disabled={Boolean(disabled)}
        aria-orientation="horizontal"
        style={{ left: `calc(${pct(ratio)} - 8px)` }}
        onKeyDown={disabled ? undefined : keyDown}
        onKeyUp={disabled ? undefined : keyUp}
      />
    </div>
  );
}

/** Blueprint's Dialog (modal, with backdrop), rendered into its own element under <body>. */
export function Dialog({ title, icon, width, onClose, children }: { title: string; icon: IconName; width: number; onClose: () => void; children: ReactNode }) {
  return (
    <div className="bp6-portal">
      <div className="bp6-overlay bp6-overlay-open bp6-overlay-scroll-container">
        <div className="bp6-overlay-backdrop bp6-overlay-appear-done bp6-overlay-enter-done" />
        <div className="bp6-dialog-container bp6-overlay-content bp6-overlay-appear-done bp6-overlay-enter-done">
          <div className="bp6-dialog" role="dialog" aria-modal="true" aria-labelledby="fp-login-dialog-title" style={{ width }}>
            <div className="bp6-dialog-header">
              <Icon icon={icon} tabbable={false} />
              <h5 className="bp6-heading" id="fp-login-dialog-title">
                {title}
              </h5>
              <button type="button" aria-label="Close" className="bp6-button bp6-minimal bp6-dialog-close-button" onClick={onClose}>
                <Icon icon="small-cross" />
              </button>
            </div>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

// ----- toasts and the loading mask: plain DOM outside the React tree (the page may unmount meanwhile) -----

const TOAST_MS = { danger: 5000, warning: 5000, success: 3000, primary: 3000 } as const;
const MAX_TOASTS = 5;

function toastContainer(): HTMLElement {
  let container = document.getElementById('fp-login-toasts');
  if (!container) {
    const host = document.createElement('div');
    container = document.createElement('div');
    container.id = 'fp-login-toasts';
    container.setAttribute('aria-live', 'polite');
    container.className = 'bp6-overlay bp6-overlay-open bp6-overlay-inline bp6-toast-container bp6-toast-container-top bp6-toast-container-inline';
    host.appendChild(container);
    document.body.appendChild(host);
  }
  return container;
}

function svgIcon(icon: IconName): HTMLElement {
  const span = document.createElement('span');
  span.className = `bp6-icon bp6-icon-${icon}`;
  span.setAttribute('aria-hidden', 'true');
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of Object.entries({ 'data-icon': icon, height: '16', width: '16', role: 'img', viewBox: '0 0 16 16' })) svg.setAttribute(k, v);
  for (const d of ICON_PATHS[icon]) {
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill-rule', 'evenodd');
    svg.appendChild(path);
  }
  span.appendChild(svg);
  return span;
}

/** A Blueprint toast at the top of the page (the markup OverlayToaster draws), gone after its time or on close. */
export function showToast(message: string, intent: keyof typeof TOAST_MS): void {
  if (typeof document === 'undefined') return;
  const container = toastContainer();
  const toast = document.createElement('div');
  toast.className = `bp6-toast bp6-intent-${intent} bp6-overlay-content bp6-toast-appear-done bp6-toast-enter-done`;
  toast.tabIndex = 0;
  const text = document.createElement('span');
  text.className = 'bp6-toast-message';
  text.setAttribute('role', 'alert');
  text.textContent = message;
  const group = document.createElement('div');
  group.className = 'bp6-button-group bp6-minimal';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'bp6-button';
  close.setAttribute('aria-label', 'Close');
  close.appendChild(svgIcon('cross'));
  group.appendChild(close);
  toast.append(text, group);
  const timer = setTimeout(() => toast.remove(), TOAST_MS[intent]);
  close.addEventListener('click', () => {
    clearTimeout(timer);
    toast.remove();
  });
  container.prepend(toast);
  while (container.children.length > MAX_TOASTS) container.lastElementChild!.remove();
}

export const showError = (message: string) => showToast(message, 'danger');
export const showSuccess = (message: string) => showToast(message, 'success');

let masks = 0;

/** shared-utility's 加载中... mask (ui/loading.tsx), reference counted. */
export function beginLoading(): void {
  masks += 1;
  if (masks > 1 || typeof document === 'undefined') return;
  const mask = document.createElement('div');
  mask.id = 'fp-login-loading';
  mask.className = 'fp-login-loading';
  mask.setAttribute('role', 'alert');
  mask.setAttribute('aria-busy', 'true');
  mask.innerHTML =
    '<div aria-label="loading" class="bp6-spinner" role="progressbar"><div class="bp6-spinner-animation">' +
    `<svg width="50" height="50" stroke-width="8.00" viewBox="-1.00 -1.00 102.00 102.00"><path class="bp6-spinner-track" d="${TRACK}"></path>` +
    `<path class="bp6-spinner-head" d="${TRACK}" pathLength="280" stroke-dasharray="280 280" stroke-dashoffset="210"></path></svg></div></div>` +
    '<span class="bp6-text-muted">加载中...</span>';
  document.body.appendChild(mask);
}

export function endLoading(): void {
  if (masks === 0) return;
  masks -= 1;
  if (masks === 0) document.getElementById('fp-login-loading')?.remove();
}
