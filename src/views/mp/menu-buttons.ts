// The account menu as the platform takes it (`button` / `sub_button`), and what the editor changes in it.
export type ButtonType = 'click' | 'view' | 'miniprogram';

export interface MenuButton {
  name: string;
  type?: ButtonType;
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: MenuButton[];
}

/** The platform's limits, offered in the editor; publishing is where the platform checks them. */
export const MAX_BUTTONS = 3;
export const MAX_SUB_BUTTONS = 5;

/** A new button opens the rental mini program, the menu's usual entry. */
export const newButton = (name: string): MenuButton => ({ name, type: 'view', url: '' });

/** Only the fields a button's type uses are kept, so a changed type leaves nothing stale behind. */
export function cleaned(button: MenuButton): MenuButton {
  const subs = button.sub_button?.map(cleaned) ?? [];
  if (subs.length > 0) return { name: button.name, sub_button: subs };
  const { name, type } = button;
  if (type === 'click') return { name, type, key: button.key ?? '' };
  if (type === 'miniprogram') {
    return { name, type, appid: button.appid ?? '', pagepath: button.pagepath ?? '', url: button.url ?? '' };
  }
  return { name, type: 'view', url: button.url ?? '' };
}
