/** Replaced by the routed shell; here the page only proves the build and the backend start. */
export function App() {
  return (
    <main>
      <h1>Influx</h1>
    </main>
  );
}
