import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DiskStorage } from './disk.storage.js';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3.storage.js';

@Global()
@Module({
  providers: [
    {
      provide: OBJECT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<ObjectStorage> => {
        if (!config.s3) return new DiskStorage(join(config.dataDir, 'storage'));
        const storage = new S3Storage(config.s3);
        await storage.ensureBucket();
        return storage;
      },
    },
  ],
  exports: [OBJECT_STORAGE],
})
export class StorageModule {}
