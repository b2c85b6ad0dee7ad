import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';

/** A text answer typed out one character every `msPerChar` (spec 03 §9: 15 ms, 3 ms in the preview). */
export function TypedText({ text, msPerChar }: { text: string; msPerChar: number }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    setShown(0);
    const timer = setInterval(() => {
      setShown((n) => {
        if (n >= text.length) clearInterval(timer);
        return Math.min(n + 1, text.length);
      });
    }, msPerChar);
    return () => clearInterval(timer);
  }, [text, msPerChar]);
  return (
    <Text
      size="sm"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}
      aria-live="polite"
      aria-busy={shown < text.length}
    >
      {text.slice(0, shown)}
    </Text>
  );
}
