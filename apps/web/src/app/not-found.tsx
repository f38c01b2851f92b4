/**
 * Requests the locale proxy does not handle (a path with a file extension) land here, outside any
 * locale, so the texts are the default locale's.
 */
export default function RootNotFound() {
  return (
    <html lang="ru">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        <h1>Страница не найдена</h1>
        <p>Запрашиваемый ресурс не найден на этом сервере.</p>
        {/* A plain link: next/link here made a chunk of its own in every page's first load (issue 11). */}
        <a href="/">На главную</a>
      </body>
    </html>
  );
}
