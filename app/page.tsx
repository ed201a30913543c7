export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Knowledge Search</h1>
      <p className="mt-2 text-slate-600">The API is ready. Sign in to use the console.</p>
    </main>
  );
}
