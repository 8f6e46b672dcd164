/**
 * Input given to the server's markup before the app has taken it over (src/main.tsx): until then its buttons do
 * nothing and a form is only markup (sent the browser's way it would reload the page and lose the input). The last
 * button tapped, or else the last form sent, is held and played to the app once its first screen is there: what
 * React does for taps during hydration, for the time before it.
 *
 * Fields the user filled in meanwhile: React keeps what such a field shows but never hears of it (this version
 * replays no change events), and the first render after hydration can even reset it to the screen's state
 * ("empty"). So what the user entered is noted just before the app takes over, and once its first screen is there
 * each such field is told to it as the user's own input.
 */

type FilledField =
  | { field: HTMLInputElement | HTMLTextAreaElement; kind: 'text'; value: string }
  | { field: HTMLInputElement; kind: 'check'; checked: boolean }
  | { field: HTMLSelectElement; kind: 'select'; selected: boolean[] };

/** Fields whose value is not the one the server sent (their default). */
export function findFilledFields(root: ParentNode): FilledField[] {
  const fields: FilledField[] = [];
  for (const field of root.querySelectorAll('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      const options = [...field.options];
      if (options.some((option) => option.selected !== option.defaultSelected)) {
        fields.push({ field, kind: 'select', selected: options.map((option) => option.selected) });
      }
    } else if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
      // A radio unchecked by its neighbour follows from that neighbour's change.
      const changed =
        field.type === 'radio' ? field.checked && !field.defaultChecked : field.checked !== field.defaultChecked;
      if (changed) fields.push({ field, kind: 'check', checked: field.checked });
    } else if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'file')) {
      if (field.value !== field.defaultValue) fields.push({ field, kind: 'text', value: field.value });
    }
  }
  return fields;
}

/** Sets a field's value behind the back of any property its owner put on the element (React's value tracker). */
function setOwnValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/** Tells the app each filled-in field by the events the user's own input would have sent. */
export function playFilledFields(fields: readonly FilledField[]) {
  for (const entry of fields) {
    if (!entry.field.isConnected || entry.field.disabled) continue;
    if (entry.kind === 'text') {
      // Noted by the tracker as the value the app holds, then the user's text arrives as when typed.
      entry.field.value = entry.field.defaultValue;
      setOwnValue(entry.field, entry.value);
      entry.field.dispatchEvent(new Event('input', { bubbles: true }));
    } else if (entry.kind === 'check') {
      entry.field.checked = !entry.checked;
      entry.field.click();
    } else {
      [...entry.field.options].forEach((option, index) => {
        option.selected = entry.selected[index] ?? option.selected;
      });
      entry.field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

/** What identifies a held button in markup rendered again: its id, or its text and how many before it have that text. */
interface HeldButton {
  id: string;
  text: string;
  index: number;
}

const buttonText = (button: Element) => button.textContent?.trim() ?? '';
const buttonsWithText = (root: Element, text: string) =>
  [...root.querySelectorAll('button')].filter((button) => buttonText(button) === text);

function describeHeld(button: HTMLButtonElement, root: Element): HeldButton {
  const text = buttonText(button);
  return { id: button.id, text, index: buttonsWithText(root, text).indexOf(button) };
}

function findHeld(held: HeldButton, root: Element): HTMLButtonElement | undefined {
  const byId = held.id ? document.getElementById(held.id) : null;
  if (byId instanceof HTMLButtonElement && root.contains(byId)) return byId;
  return buttonsWithText(root, held.text)[held.index];
}

export interface EarlyInput {
  /** Puts new markup in `root` (a personal first view); a tap held on the markup replaced stays on the same button. */
  replaceMarkup(root: Element, markup: string): void;
  /** The app begins to take the markup over: input is no longer held, and the fields filled in so far are noted. */
  stop(root: ParentNode): void;
  /** Tells the app's first screen the noted fields, then the held tap or form. */
  play(): Promise<void>;
}

/** Starts holding taps and form submissions on `document`. */
export function holdEarlyInput(): EarlyInput {
  let tapped: HTMLButtonElement | undefined;
  let sent: HTMLFormElement | undefined;
  let filled: FilledField[] = [];
  const holdTap = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) tapped = button;
  };
  const holdSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) sent = event.target;
  };
  document.addEventListener('click', holdTap, true);
  document.addEventListener('submit', holdSubmit, true);

  return {
    replaceMarkup(root, markup) {
      const held = tapped && root.contains(tapped) ? describeHeld(tapped, root) : undefined;
      root.innerHTML = markup;
      if (held) tapped = findHeld(held, root);
    },
    stop(root) {
      document.removeEventListener('click', holdTap, true);
      document.removeEventListener('submit', holdSubmit, true);
      filled = findFilledFields(root);
    },
    async play() {
      if (filled.length > 0) {
        playFilledFields(filled);
        filled = [];
        // The tap below must meet the screen with those fields' values in its state.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      if (tapped?.isConnected && !tapped.disabled) tapped.click();
      else if (sent?.isConnected) sent.requestSubmit();
    },
  };
}
