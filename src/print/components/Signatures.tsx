/** Lines for hand signatures at the end of a document (制单人, 拣货人, 复核人 …). */
export function Signatures({ labels }: { labels: string[] }) {
  return (
    <section className="pr-signs">
      {labels.map((label) => (
        <div key={label} className="pr-sign">
          {label}：
        </div>
      ))}
    </section>
  );
}
