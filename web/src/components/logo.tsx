export function Logo({ small }: { small?: boolean }) {
  return (
    <span className={`logo${small ? ' logo-small' : ''}`}>
      <img src="/favicon.svg" alt="" width={small ? 22 : 30} height={small ? 22 : 30} />
      <span>Apiloom</span>
    </span>
  );
}
