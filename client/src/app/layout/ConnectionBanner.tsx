import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { connectionNotice, RECONNECT_GRACE_MS } from '@machines/connection-notice';
import { isLive, onLiveChange } from '../../api/connection';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/**
 * A strip under the header while the page may be out of date: the device is offline (changes wait and are
 * sent when it is back), or the live connection has been down a while. What the page shows stays.
 */
export function ConnectionBanner() {
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const live = useSyncExternalStore(onLiveChange, isLive);
  const [lostLong, setLostLong] = useState(false);

  useEffect(() => {
    if (live !== false) {
      setLostLong(false);
      return;
    }
    const timer = setTimeout(() => setLostLong(true), RECONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [live]);

  const text = connectionNotice({ online, liveLostLong: lostLong });
  // Toasts start below the strip rather than cover it, however many lines its text takes.
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = strip.current;
    const root = document.documentElement.style;
    if (!text || !element) return;
    const observer = new ResizeObserver(() =>
      root.setProperty('--hw-connection-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--hw-connection-height');
    };
  }, [text]);

  // The live region is always there, so that a screen reader announces the text when it appears.
  return (
    <div ref={strip} role="status" className="hw-connection" data-shown={text ? true : undefined}>
      {text && (
        <Group gap="xs" justify="center" wrap="nowrap">
          <IconCloudOff size={18} aria-hidden />
          <Text size="sm" fw={500}>
            {text}
          </Text>
        </Group>
      )}
    </div>
  );
}
