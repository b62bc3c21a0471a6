// Spec §5: an avatar is a jpg or png of at most 500 KB.
import { settings } from '../config/settings';

export type AvatarProblem = 'info.avatarType' | 'info.avatarSize';

export function avatarProblem(file: Pick<File, 'type' | 'size'>): AvatarProblem | undefined {
  if (!['image/jpeg', 'image/png'].includes(file.type)) return 'info.avatarType';
  if (file.size > settings.avatarMaxBytes) return 'info.avatarSize';
  return undefined;
}
