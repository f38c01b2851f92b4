'use client';

/**
 * Last resort when the root layout itself fails: no providers, no translations are available, so the
 * texts of every locale are shown, Russian (the default) first.
 */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="ru">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          textAlign: 'center',
          padding: '4rem 1rem',
          color: '#2b1d14',
        }}
      >
        <h1>Внутренняя ошибка сервера</h1>
        <p>Мы уже работаем над исправлением</p>
        <p lang="uz">Serverning ichki xatosi. Biz tuzatish ustida ishlayapmiz</p>
        <p lang="en">Internal server error. We are currently working on a fix</p>
        <button
          type="button"
          onClick={() => reset()}
          style={{
            marginTop: '1.5rem',
            padding: '0.75rem 1.5rem',
            borderRadius: 999,
            border: 0,
            background: '#e35d0b',
            color: '#fff',
            fontWeight: 600,
          }}
        >
          Попробовать снова · Qayta urinish · Try again
        </button>
      </body>
    </html>
  );
}
