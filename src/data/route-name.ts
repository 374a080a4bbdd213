// The router keeps this up to date, so every call can send `X-Route-Name` without threading it through.
let current = '';

export function setCurrentRouteName(name: string): void {
  current = name;
}

export function currentRouteName(): string {
  return current;
}
