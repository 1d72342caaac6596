// SCAFFOLD: replaced by the blog (issue 3) and chat (issue 4) features before landing.
export function UnderConstruction({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
    </section>
  );
}
