import { afterEach, describe, expect, it, vi } from 'vitest';
import { findFilledFields, holdEarlyInput } from './early-input.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function markup(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

describe('input before the app takes the markup over', () => {
  it('holds the last tap and plays it to the app once it is there', async () => {
    const root = markup('<button>Accept</button><button>Reject</button>');
    const input = holdEarlyInput();
    root.querySelectorAll('button')[1]!.click();
    input.stop(root);
    const reject = vi.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', reject);
    await input.play();
    expect(reject).toHaveBeenCalledTimes(1);
  });

  it('keeps a held tap on the same button when the markup is replaced (a personal first view)', async () => {
    const root = markup('<button>Refresh</button><button>Mark all read</button>');
    const input = holdEarlyInput();
    root.querySelectorAll('button')[1]!.click();
    input.replaceMarkup(root, '<p>3 unread</p><button>Refresh</button><button>Mark all read</button>');
    input.stop(root);
    const marked = vi.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', marked);
    await input.play();
    expect(marked).toHaveBeenCalledTimes(1);
  });

  it('holds a form sent before the app and sends it again, not the browser’s way', async () => {
    const root = markup('<form><input name="email"></form>');
    const input = holdEarlyInput();
    const form = root.querySelector('form')!;
    const submitted = new Event('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    input.stop(root);
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    await input.play();
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it('tells the app each field the user filled in, as typed input, and nothing of the untouched ones', async () => {
    const root = markup(
      '<input id="email" value=""><input id="name" value="Sam"><input id="terms" type="checkbox"><select id="lang"><option selected>de</option><option>fi</option></select>',
    );
    const input = holdEarlyInput();
    (root.querySelector('#email') as HTMLInputElement).value = 'sam@example.com';
    (root.querySelector('#terms') as HTMLInputElement).checked = true;
    (root.querySelector('#lang') as HTMLSelectElement).selectedIndex = 1;
    expect(findFilledFields(root).map((entry) => entry.field.id)).toEqual(['email', 'terms', 'lang']);
    input.stop(root);

    const typed = vi.fn((event: Event) => (event.target as HTMLInputElement).value);
    root.querySelector('#email')!.addEventListener('input', typed);
    const ticked = vi.fn();
    root.querySelector('#terms')!.addEventListener('click', ticked);
    const chosen = vi.fn();
    root.querySelector('#lang')!.addEventListener('change', chosen);
    await input.play();
    expect(typed).toHaveReturnedWith('sam@example.com');
    expect(ticked).toHaveBeenCalledTimes(1);
    expect((root.querySelector('#terms') as HTMLInputElement).checked).toBe(true);
    expect(chosen).toHaveBeenCalledTimes(1);
  });

  it('stops holding once the app takes over: a later tap is the app’s own', async () => {
    const root = markup('<button>Close</button>');
    const input = holdEarlyInput();
    input.stop(root);
    root.querySelector('button')!.click();
    const close = vi.fn();
    root.querySelector('button')!.addEventListener('click', close);
    await input.play();
    expect(close).not.toHaveBeenCalled();
  });
});
