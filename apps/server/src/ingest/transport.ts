/**
 * What the ingest needs from an MQTT broker connection, whether the broker is embedded (aedes in this process) or
 * external (Mosquitto reached with mqtt.js). The pipeline and the command sender use only this.
 */

/** A message a controller published, as the server received it. */
export interface TransportMessage {
  topic: string;
  payload: Buffer;
  /**
   * The unit ID the broker authenticated the publisher as, when the broker knows it (embedded broker: always). With
   * an external broker the topic's unit ID is trusted: that broker's ACL guarantees it (docs/mqtt-broker.md).
   */
  publisher?: string;
}

export interface PublishOptions {
  qos: 0 | 1;
  retain: boolean;
}

export type MessageHandler = (message: TransportMessage) => void;

export interface MqttTransport {
  /** Registers the handler of every message on the server's subscription (`filters.serverUp()` or shared). */
  onMessage(handler: MessageHandler): void;
  /** Publishes (resolves when the broker took it: routed for the embedded broker, PUBACK for an external one). */
  publish(topic: string, payload: string | Buffer, options: PublishOptions): Promise<void>;
  /** Stops receiving and closes the connection or the listeners. */
  close(): Promise<void>;
}
