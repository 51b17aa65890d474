/**
 * A question put to the player before anything that cannot be taken back or spoils the game (the
 * whole solution, another deal over the game in progress): a modal dialog (the page's
 * `<dialog id="confirm">`) laid over the page, which shifts nothing under the player's finger, with
 * the safe answer focused; Escape answers no.
 */
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Asks a question; true when the player chose `yes`. */
export function ask(question: string, yes: string, no: string): Promise<boolean> {
  const d = $<HTMLDialogElement>('confirm');
  if (d.open) d.close('no');
  $('confirm-text').textContent = question;
  $('confirm-yes').textContent = yes;
  $('confirm-no').textContent = no;
  d.returnValue = 'no';
  return new Promise((resolve) => {
    d.addEventListener('close', () => resolve(d.returnValue === 'yes'), { once: true });
    d.showModal();
    $('confirm-no').focus();
  });
}
