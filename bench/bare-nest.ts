import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The floor for the product's HTTP answers: NestJS on Fastify, as the product runs, with nothing of the product (no guards,
 * no database, no logging), answering a constant. Usage: node dist/bench/bare-nest.js <port>
 */
@Controller()
class PingController {
  @Get('ping')
  ping(): { status: string } {
    return { status: 'ok' };
  }
}

@Module({ controllers: [PingController] })
class BareModule {}

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('usage: bare-nest <port>');
  // No logger: the request log would cost what the product's does, and stdout only carries `ready`.
  const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter(), {
    logger: false,
  });
  app.enableShutdownHooks();
  await app.listen(port, '127.0.0.1');
  console.log('ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
