/**
 * This process's count of e-mail settings saves: a save here makes the next resolveMailTransport
 * rebuild at once; saves by other instances are noticed through settings.updated_at.
 */
let version = 0;

export function mailSettingsChanged(): void {
  version += 1;
}

export function mailSettingsVersion(): number {
  return version;
}
